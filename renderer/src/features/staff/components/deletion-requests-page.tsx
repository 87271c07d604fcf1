import { useState } from 'react';
import type { DeletionRequestEntry } from '../../../../../common/applicant-data-api';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-errors';
import { useCompleteDeletion, useDeletionRequests } from '../api/deletion-requests';
import { StaffTable } from './staff-table';

const when = (iso: string | null) => (iso === null ? '' : new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: tenant.time_zone }));
const applicantOf = (request: DeletionRequestEntry) => (request.name ? `${request.name} (${request.email})` : request.email);

/**
 * /staff/deletion-requests (admins, issue 35 item 4): the submitted applicants who asked for their
 * account to be deleted. "Complete deletion" asks once more, then deletes the account with
 * everything it owns; the access log names who did it.
 */
export function DeletionRequestsPage() {
  const requests = useDeletionRequests();
  const complete = useCompleteDeletion();
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <>
      <title>{`Deletion requests | ${tenant.application_title}`}</title>
      <h1>Deletion requests</h1>
      <p>
        These applicants submitted their application, then asked for their account to be deleted. Completing a request deletes the account, the answers, the documents, the application PDFs
        and the letters at once; it cannot be undone. The access log keeps who did it.
      </p>
      {requests.error && <p role="alert">{errorMessageOf(requests.error)}</p>}
      {complete.error && <p role="alert">{errorMessageOf(complete.error)}</p>}
      {complete.data && <p role="status">{complete.data.message}</p>}
      {requests.isPending && <Spinner label="Loading the deletion requests" />}
      {requests.data && requests.data.requests.length === 0 && <p>No applicant is waiting for their account to be deleted.</p>}
      {requests.data && requests.data.requests.length > 0 && (
        <StaffTable label="Deletion requests table" columns={['Applicant', 'Submitted', 'Asked']} actions>
          {requests.data.requests.map((request) => (
            <tr key={request.application_id}>
              <td>{applicantOf(request)}</td>
              <td>{when(request.submitted_at)}</td>
              <td>{when(request.requested_at)}</td>
              <td>
                {confirming === request.application_id ? (
                  <span className="staff-deletion__confirm">
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={complete.isPending}
                      onClick={() => complete.mutate(request.application_id, { onSettled: () => setConfirming(null) })}
                    >
                      Delete for good
                    </button>
                    <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
                      Cancel
                    </button>
                  </span>
                ) : (
                  <button type="button" className="button button--secondary" aria-label={`Complete deletion of ${applicantOf(request)}`} onClick={() => setConfirming(request.application_id)}>
                    Complete deletion
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}
