import type { DataExpiryResponse, ExpiringDraftEntry } from '../../../../../common/applicant-data-api';
import { formatDay } from '../../../../../common/form/format-day';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { useDataExpiry } from '../api/data-expiry';
import { StaffTable } from './staff-table';

const applicantOf = (entry: { name: string; email: string }) => (entry.name ? `${entry.name} (${entry.email})` : entry.email);
const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;
/** A reminder's day, or 'Due now' once its day has come (the jobs send it at their next look, within minutes). */
const reminderOf = (reminder: ExpiringDraftEntry['next_reminder']) =>
  reminder === null ? 'All sent' : `${Date.parse(reminder.due_at) <= Date.now() ? 'Due now' : formatDay(reminder.due_at)} (${days(reminder.days_before)} before)`;

function Rules({ settings }: { settings: DataExpiryResponse['settings'] }) {
  const reminders = settings.reminder_days.length > 0 ? `after a reminder e-mail ${settings.reminder_days.map(days).join(' and ')} before` : 'without a reminder';
  return (
    <p>
      An application that was never submitted is deleted, with its answers, documents and letter requests, when nobody has signed in to it or saved an answer for{' '}
      {days(settings.draft_expiry_days)}, {reminders}; signing in keeps it. A submitted application is deleted {settings.retention_months_after_term} months after its entry term ends. Each
      deletion is recorded without the applicant&apos;s name or address.
    </p>
  );
}

/**
 * /staff/data-expiry (admins, issue 35 item 3): what expires within the horizon: drafts with a
 * reminder or their deletion coming, and submitted applications at the end of their retention.
 * The jobs do the work; this page only shows it.
 */
export function DataExpiryPage() {
  const due = useDataExpiry();
  return (
    <div className="staff-expiry">
      <title>{`Data that expires | ${tenant.application_title}`}</title>
      <h1>Data that expires</h1>
      {due.error && <p role="alert">{errorMessageOf(due.error)}</p>}
      {due.isPending && <Spinner label="Loading what expires" />}
      {due.data && (
        <>
          <Rules settings={due.data.settings} />
          <h2>Unsubmitted applications</h2>
          {due.data.drafts.length === 0 ? (
            <p>No unsubmitted application has a reminder or its deletion due in the next {days(due.data.horizon_days)}.</p>
          ) : (
            <StaffTable label="Unsubmitted applications table" columns={['Applicant', 'Last activity', 'Next reminder', 'Deleted on']}>
              {due.data.drafts.map((draft) => (
                <tr key={draft.application_id}>
                  <td>{applicantOf(draft)}</td>
                  <td>{formatDay(draft.last_activity_at)}</td>
                  <td>{reminderOf(draft.next_reminder)}</td>
                  <td>{formatDay(draft.deletes_at)}</td>
                </tr>
              ))}
            </StaffTable>
          )}
          <h2>Submitted applications</h2>
          {due.data.submitted.length === 0 ? (
            <p>No submitted application reaches the end of its retention in the next {days(due.data.horizon_days)}.</p>
          ) : (
            <StaffTable label="Submitted applications table" columns={['Applicant', 'Submitted', 'Entry term', 'Deleted on']}>
              {due.data.submitted.map((application) => (
                <tr key={application.application_id}>
                  <td>{applicantOf(application)}</td>
                  <td>{formatDay(application.submitted_at)}</td>
                  <td>{application.term ?? 'None'}</td>
                  <td>{formatDay(application.deletes_at)}</td>
                </tr>
              ))}
            </StaffTable>
          )}
        </>
      )}
    </div>
  );
}
