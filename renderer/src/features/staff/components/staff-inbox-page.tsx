import { Link, useSearchParams } from 'react-router-dom';
import { fillPath } from '../../../../../common/api';
import { INBOX_PAGE_SIZES, type InboxRow, type InboxSort } from '../../../../../common/staff-api';
import { staffPages } from '../../../../../common/staff-pages';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { checklistSummaryText } from '../../../../../common/checklist/checklist-words';
import { useInbox } from '../api/get-inbox';
import { useStaffMe } from '../api/get-staff-me';
import { ExportForm } from './export-form';
import { InboxFilters, statusLabels } from './inbox-filters';
import { pageHeadingProps } from '../../../lib/page-arrival';

const columns: { sort: InboxSort; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: 'email', label: 'E-mail' },
  { sort: 'program', label: 'Program' },
  { sort: 'campus', label: 'Campus' },
  { sort: 'term', label: 'Entry term' },
  { sort: 'status', label: 'Status' },
  { sort: 'submitted_at', label: 'Submitted' },
  { sort: 'last_saved_at', label: 'Last saved' },
  { sort: 'outstanding', label: 'Checklist' },
];

/** A submitted file's checklist in words; none while the application is in progress. */
function ChecklistCell({ summary }: { summary: InboxRow['checklist'] }) {
  if (!summary) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No checklist: in progress</span>
      </>
    );
  }
  return <>{checklistSummaryText(summary)}</>;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: tenant.time_zone }) : '');

function Row({ row }: { row: InboxRow }) {
  return (
    <tr>
      <th scope="row">
        <Link to={fillPath(staffPages.application, { id: row.id })}>{row.name || '(no name yet)'}</Link>
      </th>
      <td>{row.email}</td>
      <td>{row.program}</td>
      <td>{row.campus}</td>
      <td>{row.term}</td>
      <td>{statusLabels[row.status]}</td>
      <td>{when(row.submitted_at)}</td>
      <td>{when(row.last_saved_at)}</td>
      <td>
        <ChecklistCell summary={row.checklist} />
      </td>
      <td>{row.documents}</td>
    </tr>
  );
}

/** /staff: every application as a table, searched, filtered, sorted and paged by the server. */
export function StaffInboxPage() {
  const [params, setParams] = useSearchParams();
  const inbox = useInbox(params.toString());
  const me = useStaffMe();
  const sort = params.get('sort') ?? 'last_saved_at';
  const order = params.get('order') ?? 'desc';
  const page = Number(params.get('page') ?? '1');
  const pageSize = inbox.data?.page_size ?? INBOX_PAGE_SIZES.default;
  const total = inbox.data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  const change = (updates: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(updates)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  const sortBy = (column: InboxSort) => change({ sort: column, order: sort === column && order === 'asc' ? 'desc' : 'asc', page: null });

  return (
    <>
      <title>{`Applications | ${tenant.application_title}`}</title>
      <h1 {...pageHeadingProps}>Applications</h1>
      <InboxFilters params={params} onApply={setParams} />
      {inbox.error && <p role="alert">{errorMessageOf(inbox.error)}</p>}
      {inbox.isPending && <Spinner label="Loading applications" />}
      {inbox.data && (
        <>
          <p role="status" className="staff-inbox__count">
            {total === 0 ? 'No applications match.' : `Showing ${first} to ${last} of ${total} applications`}
          </p>
          <div className="staff-inbox__scroll" tabIndex={0} role="region" aria-label="Applications table">
            <table className="staff-inbox__table">
              <caption className="visually-hidden">Applications, sorted by {columns.find((column) => column.sort === sort)?.label ?? sort}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.sort} scope="col" aria-sort={sort === column.sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                      <button type="button" className="staff-inbox__sort" onClick={() => sortBy(column.sort)}>
                        {column.label}
                        <span aria-hidden="true">{sort === column.sort ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  ))}
                  <th scope="col">Documents</th>
                </tr>
              </thead>
              <tbody>
                {inbox.data.rows.map((row) => (
                  <Row key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of applications" className="staff-inbox__pages">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
              Previous page
            </button>
            <button type="button" className="button button--secondary" disabled={last >= total} onClick={() => change({ page: String(page + 1) })}>
              Next page
            </button>
          </nav>
        </>
      )}
      {me.data?.role === 'admin' && <ExportForm />}
    </>
  );
}
