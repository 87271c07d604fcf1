import { Link, useParams } from 'react-router-dom';
import { staffPages } from '../../../../../common/staff-pages';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { pageHeadingProps } from '../../../lib/page-arrival';
import { WholeApplication } from '../../service-view';
import { useDownloadApplicationPdf } from '../api/download-application-pdf';
import { applicationDocumentUrl, useStaffApplication } from '../api/get-staff-application';
import { useStaffMe } from '../api/get-staff-me';
import { statusLabels } from './inbox-filters';
import { StaffChecklist } from './staff-checklist';
import { SensitiveAnswersPanel } from './sensitive-answers-panel';
import { StaffLetters } from './staff-letters';
import { StaffSummary } from './staff-summary';

/** /staff/applications/:id: the read-only print view, its documents and the whole-application PDF. */
export function StaffApplicationPage() {
  const id = useParams().id ?? '';
  const application = useStaffApplication(id);
  const pdf = useDownloadApplicationPdf(id);
  const me = useStaffMe();
  const summary = application.data?.summary;
  const documents = Object.entries(application.data?.document_answer ?? {});
  return (
    <>
      <title>{`${summary?.name || 'Application'} | ${tenant.application_title}`}</title>
      <p className="staff-application__back">
        <Link to={staffPages.inbox}>Back to the applications</Link>
      </p>
      {application.isPending && <Spinner label="Loading the application" />}
      {application.error && <p role="alert">{errorMessageOf(application.error)}</p>}
      {summary && application.data && (
        <>
          <h1 {...pageHeadingProps}>{summary.name || '(no name yet)'}</h1>
          <p>
            {summary.email} · {statusLabels[summary.status]}
            {summary.submitted_at && ` on ${new Date(summary.submitted_at).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: tenant.time_zone })}`}
          </p>
          <div className="staff-application__actions">
            <button type="button" className="button button--primary" disabled={pdf.isPending} onClick={() => pdf.mutate()}>
              {pdf.isPending ? 'Preparing the PDF…' : 'Download the application PDF'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              Print
            </button>
          </div>
          {pdf.error && <p role="alert">{errorMessageOf(pdf.error)}</p>}
          <StaffSummary application={application.data} />
          {me.data?.role === 'admin' && <SensitiveAnswersPanel applicationId={id} answers={application.data.answer} />}
          {documents.length > 0 && (
            <section aria-labelledby="staff-documents-title">
              <h2 id="staff-documents-title">Documents</h2>
              <ul>
                {documents.map(([key, document]) => (
                  <li key={key}>
                    <a href={applicationDocumentUrl(id, key)} target="_blank" rel="noreferrer">
                      {document.file_name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <StaffChecklist applicationId={id} checklist={application.data.checklist ?? null} documentsSentLater={application.data.documents_sent_later ?? []} />
          <StaffLetters applicationId={id} recommendations={application.data.recommendations ?? []} canRevoke={me.data?.role === 'admin'} />
          <div className="site-main--print service-view">
            {/* The application as the service view prints it, its documents opened through the staff API. */}
            <WholeApplication application={application.data} documentHref={(key) => applicationDocumentUrl(id, key)} />
          </div>
        </>
      )}
    </>
  );
}
