import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, Navigate } from 'react-router-dom';
import { apiPaths, type DeleteAccountResponse } from '../../../../../common/api';
import { deleteAccountSchema } from '../../../../../common/auth/card-schemas';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { DEFAULT_ROUTE, paths } from '../../../config/paths';
import { pageHeadingProps } from '../../../lib/page-arrival';
import { isLoggedInAtom } from '../../../state/session';
import { profileAtom, webStatusAtom } from '../../../state/snapshot';
import { kioskBridgeAtom } from '../../../state/shell';
import { useCardError, useCardForm, useEndSession } from '../../auth';
import { useDeleteAccount } from '../api/delete-account';

const TITLE = 'Delete my account';

/** The download, offered first; not at a campus kiosk, which keeps no file (its shell refuses every download). */
function CopyFirst() {
  if (useAtomValue(kioskBridgeAtom) !== null) return null;
  return (
    <p>
      Want a copy first? <a href={apiPaths.myData}>Download my data</a>.
    </p>
  );
}

/** What deleting means, said before the password is asked for: at once before submission, by the office after it. */
function Consequences({ submitted }: { submitted: boolean }) {
  if (!submitted) {
    return (
      <>
        <p>
          This deletes your account and everything in it <strong>at once</strong>: your answers, the documents you uploaded and the PDFs made of them. You will not be able to log in
          again, and it cannot be undone.
        </p>
        <CopyFirst />
      </>
    );
  }
  return (
    <>
      <p>
        Your application has been submitted, so the admissions office deletes it for you. This sends them your request; when an administrator completes it, your account, your answers, your
        documents, your application PDF and your letter requests are deleted, and you can no longer log in. It cannot be undone.
      </p>
      <CopyFirst />
    </>
  );
}

/**
 * "Delete my account" (issue 35 item 4): the consequence stated plainly, then the password again.
 * Before submission the account is gone and the session ends; after it, the office is asked.
 */
export function DeleteAccountPage() {
  const headingId = useId();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const loaded = useAtomValue(profileAtom) !== null;
  const webStatus = useAtomValue(webStatusAtom);
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const form = useCardForm(deleteAccountSchema, { password: '' });
  const cardError = useCardError();
  const [requested, setRequested] = useState<Extract<DeleteAccountResponse, { outcome: 'requested' }> | null>(null);
  const deletion = useDeleteAccount({
    onMutate: cardError.clear,
    onSuccess: (response) => {
      if (response.outcome === 'requested') {
        setRequested(response);
        return;
      }
      queryClient.clear();
      endSession({ reason: 'logout', successMessage: response.message });
    },
    onError: cardError.show('Delete Account Error'),
  });

  // Once the account is deleted, the session's end takes the applicant to the login with its message.
  if (!isLoggedIn) return deletion.isSuccess ? null : <Navigate to={paths.login} replace />;
  if (!loaded) return <Spinner />;
  const submitted = webStatus === 'submitted';
  const back = submitted ? paths.completion : DEFAULT_ROUTE;

  return (
    <section className="auth-card delete-account" aria-labelledby={headingId}>
      <title>{`${TITLE} | ${tenant.application_title}`}</title>
      <h2 id={headingId} className="auth-card__title" {...pageHeadingProps}>
        {TITLE}
      </h2>
      {requested ? (
        <div role="status" className="delete-account__done">
          <p>{requested.message}</p>
          <p>
            Requested on <time dateTime={requested.requested_at}>{new Date(requested.requested_at).toLocaleString()}</time>. You can keep using your account until then.
          </p>
          <Link to={back}>Back to my application</Link>
        </div>
      ) : (
        <>
          <div className="auth-card__intro">
            <Consequences submitted={submitted} />
          </div>
          {cardError.error && (
            <div role="alert" aria-label={cardError.error.label} className="auth-card__error">
              <p>{cardError.error.message}</p>
            </div>
          )}
          <form className="auth-card__form" noValidate onSubmit={form.handleSubmit((value) => deletion.mutate(value))} aria-labelledby={headingId}>
            <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
            <button type="submit" className="button button--danger button--submit" disabled={deletion.isPending}>
              {submitted ? 'Ask for my account to be deleted' : 'Delete my account now'}
            </button>
          </form>
          <div className="auth-card__actions">
            <Link to={back}>Cancel and keep my account</Link>
          </div>
        </>
      )}
    </section>
  );
}
