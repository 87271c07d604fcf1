import '../staff.css';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type StaffEnrolResponse } from '../../../../../common/staff-api';
import { staffPages } from '../../../../../common/staff-pages';
import { tenant } from '../../../../../common/form/tenant';
import { staffMessages } from '../../../../../common/staff/staff-schemas';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ServerError, errorMessageOf } from '../../../lib/api-errors';
import { PasswordChecklist } from '../../auth';
import { useEnrolStaff } from '../api/enrol-staff';
import { useInvitation } from '../api/get-invitation';
import { pageHeadingProps } from '../../../lib/page-arrival';

/** The recovery codes, shown once after enrolment. */
function RecoveryCodes({ enrolled }: { enrolled: StaffEnrolResponse }) {
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <p role="status">{enrolled.message}</p>
      <ul className="staff-card__codes" aria-label="Recovery codes">
        {enrolled.recovery_codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Link className="button button--primary" to={staffPages.login}>
        Go to the staff login
      </Link>
    </section>
  );
}

/** /staff/enrol?id=: choose a password and add the second factor to an authenticator app. */
export function StaffEnrolPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const invitation = useInvitation(id);
  const enrol = useEnrolStaff();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setError(null);
    setErrors({});
    enrol.mutate(
      { id, password, code },
      {
        onError: (failure) => {
          setError(errorMessageOf(failure));
          if (failure instanceof ServerError && failure.errors) setErrors(failure.errors);
        },
      },
    );
  }

  return (
    <main className="site-main staff-card">
      <title>{`Set up your staff account | ${tenant.application_title}`}</title>
      <h1 className="staff-card__title" {...pageHeadingProps}>Set up your staff account</h1>
      {!id && <p role="alert">{staffMessages.invitationMissing}</p>}
      {id && invitation.isPending && <Spinner label="Reading your invitation" />}
      {invitation.error && <p role="alert">{errorMessageOf(invitation.error)}</p>}
      {enrol.data && <RecoveryCodes enrolled={enrol.data} />}
      {invitation.data && !enrol.data && (
        <>
          <p>
            Account: <strong>{invitation.data.email}</strong>
          </p>
          <h2>1. Add the account to your authenticator app</h2>
          <p>Scan this code with an authenticator app on your phone, or type the key below into it.</p>
          <img className="staff-card__qr" src={invitation.data.qr_code} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Key: <code className="staff-card__secret">{invitation.data.secret}</code>
          </p>
          <h2>2. Choose your password and enter the app’s code</h2>
          {error && (
            <p role="alert" className="staff-card__error">
              {error}
            </p>
          )}
          <form noValidate onSubmit={submit} aria-label="Set up your staff account">
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              errors={errors.password}
              describedBy="staff-password-rules"
              required
            />
            <PasswordChecklist id="staff-password-rules" password={password} />
            <TextField label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" errors={errors.code} required />
            <button type="submit" className="button button--primary" disabled={enrol.isPending}>
              Set up my account
            </button>
          </form>
        </>
      )}
    </main>
  );
}
