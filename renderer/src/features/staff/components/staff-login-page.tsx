import '../staff.css';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { staffPages } from '../../../../../common/staff-pages';
import { tenant } from '../../../../../common/form/tenant';
import { TextField } from '../../../components/ui/text-field';
import { errorMessageOf } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { useLoginStaff } from '../api/login-staff';
import { pageHeadingProps } from '../../../lib/page-arrival';

/** /staff/login: e-mail, password and the authenticator app's code (or a recovery code), in one step. */
export function StaffLoginPage() {
  const login = useLoginStaff();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    setError(null);
    login.mutate(
      { email: value('email'), password: value('password'), code: value('code') },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: queryKeys.staffMe() });
          void navigate(staffPages.inbox);
        },
        onError: (failure) => setError(errorMessageOf(failure)),
      },
    );
  }

  return (
    <main className="site-main staff-card">
      <title>{`Staff login | ${tenant.application_title}`}</title>
      <h1 className="staff-card__title" {...pageHeadingProps}>Admissions office: staff login</h1>
      {error && (
        <p role="alert" className="staff-card__error">
          {error}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-label="Staff login">
        <TextField label="E-mail address" name="email" type="email" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <TextField
          label="Code from your authenticator app"
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          required
          describedBy="staff-code-hint"
        />
        <p id="staff-code-hint" className="staff-card__hint">
          The 6 digits the app shows now, or one of your recovery codes.
        </p>
        <button type="submit" className="button button--primary" disabled={login.isPending}>
          Log in
        </button>
      </form>
    </main>
  );
}
