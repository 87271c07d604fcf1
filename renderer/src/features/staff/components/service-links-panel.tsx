import type { ServiceLinkEntry } from '../../../../../common/staff-api';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { useServiceLinks } from '../api/get-service-links';
import { useRevokeServiceLink } from '../api/revoke-service-link';
import { StaffTable } from './staff-table';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: tenant.time_zone });

function state(link: ServiceLinkEntry): string {
  return link.revoked_at === null ? 'Live' : `Revoked by ${link.revoked_by ?? 'unknown'}, ${when(link.revoked_at)}`;
}

/** On the access log page (admins): the service links not yet expired, who minted each, and a way to revoke one at once. */
export function ServiceLinksPanel() {
  const links = useServiceLinks();
  const revoke = useRevokeServiceLink();

  return (
    <section aria-labelledby="service-links-heading">
      <h2 id="service-links-heading">Service links</h2>
      {links.error && <p role="alert">{errorMessageOf(links.error)}</p>}
      {revoke.error && <p role="alert">{errorMessageOf(revoke.error)}</p>}
      {revoke.data && <p role="status">{revoke.data.message}</p>}
      {links.isPending && <Spinner label="Loading the service links" />}
      {links.data && links.data.links.length === 0 && <p>No service link is live.</p>}
      {links.data && links.data.links.length > 0 && (
        <StaffTable label="Service links table" columns={['Applicant', 'Minted by', 'Minted', 'Expires', 'State']} actions>
          {links.data.links.map((link) => (
            <tr key={link.id}>
              <td>{link.applicant_email ?? link.application_id}</td>
              <td>{link.created_by}</td>
              <td>{when(link.created_at)}</td>
              <td>{when(link.expires_at)}</td>
              <td>{state(link)}</td>
              <td>
                {link.revoked_at === null && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={revoke.isPending}
                    aria-label={`Revoke the link to ${link.applicant_email ?? link.application_id} minted by ${link.created_by} on ${when(link.created_at)}`}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
