import { useId, type FormEventHandler, type ReactNode } from 'react';
import { tenant } from '../../../../../common/form/tenant';

interface AuthCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The fields, in order. */
  children: ReactNode;
  /** Secondary actions under the submit button, e.g. 'Forgot password?'. */
  actions?: ReactNode;
  /** The link to another auth screen. */
  footer: ReactNode;
}

/** The frame every auth card shares (spec platform section 2 "Auth cards"). */
export function AuthCard({ title, onSubmit, submitting, children, actions, footer }: AuthCardProps) {
  const headingId = useId();
  return (
    <section className="auth-card" aria-labelledby={headingId}>
      <title>{`${title} | ${tenant.application_title}`}</title>
      <h2 id={headingId} className="auth-card__title">
        {title}
      </h2>
      <form className="auth-card__form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        {children}
        <button type="submit" className="button button--primary button--submit" disabled={submitting}>
          Submit
        </button>
      </form>
      {actions && <div className="auth-card__actions">{actions}</div>}
      <div className="auth-card__footer">{footer}</div>
    </section>
  );
}
