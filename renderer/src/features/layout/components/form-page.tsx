import { useId, type ReactNode } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { pageHeadingProps } from '../../../lib/page-arrival';

interface FormPageProps {
  title: string;
  children: ReactNode;
}

/** A page's frame inside the layout: its heading and the browser tab's title. */
export function FormPage({ title, children }: FormPageProps) {
  const headingId = useId();
  return (
    <section className="form-page" aria-labelledby={headingId}>
      <title>{`${title} | ${tenant.application_title}`}</title>
      <h2 id={headingId} className="form-page__title" {...pageHeadingProps}>
        {title}
      </h2>
      {children}
    </section>
  );
}
