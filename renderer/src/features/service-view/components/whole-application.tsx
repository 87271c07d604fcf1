import { useMemo } from 'react';
import { applicantName } from '../../../../../common/form/applicant-name';
import { formPages } from '../../../../../common/form/pages';
import { printItems } from '../../../../../common/form/print-model';
import type { ServiceApplicationResponse } from '../../../../../common/token-api';
import { PrintedItems } from './printed-items';

interface WholeApplicationProps {
  application: ServiceApplicationResponse;
  /** Where the route opens an attached document (a service link's URL, the staff API's). */
  documentHref: (answerKey: string) => string;
}

/**
 * The application read-only as one printable document: the three pages one after another, each
 * headed by its title (h2), as the print model lists them (common/form/print-model.ts). The
 * service link's view and the staff view of an application (issue 19) both show it; it reads
 * the application it is given, not the applicant's form state.
 */
export function WholeApplication({ application, documentHref }: WholeApplicationProps) {
  const { answer, tabs, document_answer: documents } = application;
  const items = useMemo(() => printItems(formPages, { answers: answer, tabs, documents }), [answer, tabs, documents]);
  const name = applicantName(answer);
  return (
    <section aria-label="Application">
      {name && <p className="service-view__applicant">Applicant: {name}</p>}
      <PrintedItems items={items} documentHref={(key) => (documents[key] ? documentHref(key) : null)} />
    </section>
  );
}
