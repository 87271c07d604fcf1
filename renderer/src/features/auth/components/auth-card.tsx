import { useId, type FormEventHandler, type ReactNode } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { pageHeadingProps } from '../../../lib/page-arrival';
import type { CardError } from '../hooks/use-card-error';

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
  /** What the card says above its fields, e.g. where the code was sent. */
  intro?: ReactNode;
  /** The server's refusal of the last call, shown where the applicant is looking. */
  error?: CardError | null;
}

/**
 * The frame every auth card shares (spec platform section 2 "Auth cards"). A server's refusal is
 * shown in the card above the fields, not in a corner toast (issue 33, item 5; docs/decisions.md).
 */
export function AuthCard({ title, onSubmit, submitting, children, actions, footer, intro, error }: AuthCardProps) {
  const headingId = useId();
  return (
    <section className="auth-card" aria-labelledby={headingId}>
      <title>{`${title} | ${tenant.application_title}`}</title>
      <h2 id={headingId} className="auth-card__title" {...pageHeadingProps}>
        {title}
      </h2>
      {intro && <div className="auth-card__intro">{intro}</div>}
      {/* An alert, so it is announced; remade at each refusal (the call before took it away), so a
          second wrong password is announced again. */}
      {error && (
        <div role="alert" aria-label={error.label} className="auth-card__error">
          <p>{error.message}</p>
        </div>
      )}
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
