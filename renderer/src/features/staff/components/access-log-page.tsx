import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AccessLogEntry } from '../../../../../common/staff-api';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessageOf } from '../../../lib/api-errors';
import { useAccessLog } from '../api/get-access-log';
import { ServiceLinksPanel } from './service-links-panel';
import { StaffTable } from './staff-table';
import { filterParamsOf } from '../filter-params';
import { pageHeadingProps } from '../../../lib/page-arrival';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: tenant.time_zone });
const who = (entry: AccessLogEntry) => entry.staff_email ?? `Service link ${entry.token} (${entry.token_created_by})`;

/** /staff/access-log (admins): the live service links, then every view, download and export, newest first. */
export function AccessLogPage() {
  const [params, setParams] = useSearchParams();
  const log = useAccessLog(params.toString());
  const page = Number(params.get('page') ?? '1');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = filterParamsOf(event.currentTarget);
    setParams(next);
  }
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };

  return (
    <>
      <title>{`Access log | ${tenant.application_title}`}</title>
      <h1 {...pageHeadingProps}>Access log</h1>
      <ServiceLinksPanel />
      <h2>Entries</h2>
      <form role="search" aria-label="Filter the access log" className="staff-filters" onSubmit={submit} key={params.toString()}>
        <TextField label="Staff e-mail" name="staff" type="email" className="staff-filters__field" defaultValue={params.get('staff') ?? ''} />
        <TextField label="Applicant e-mail" name="applicant" type="email" className="staff-filters__field" defaultValue={params.get('applicant') ?? ''} />
        <button type="submit" className="button button--primary staff-filters__apply">
          Filter
        </button>
      </form>
      {log.error && <p role="alert">{errorMessageOf(log.error)}</p>}
      {log.isPending && <Spinner label="Loading the access log" />}
      {log.data && (
        <>
          <p role="status">{log.data.total === 0 ? 'No entries match.' : `${log.data.total} entries`}</p>
          <StaffTable label="Access log table" columns={['When', 'Who', 'What', 'Applicant', 'Details', 'From']}>
            {log.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at)}</td>
                <td>{who(entry)}</td>
                <td>{entry.action}</td>
                <td>{entry.applicant_email ?? ''}</td>
                <td>{entry.detail ?? ''}</td>
                <td>{entry.address}</td>
              </tr>
            ))}
          </StaffTable>
          <nav aria-label="Pages of the access log" className="staff-inbox__pages">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous page
            </button>
            <button type="button" className="button button--secondary" disabled={page * log.data.page_size >= log.data.total} onClick={() => goTo(page + 1)}>
              Next page
            </button>
          </nav>
        </>
      )}
    </>
  );
}
