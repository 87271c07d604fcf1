import { render } from '@testing-library/react';
import type { Answers, DocumentAnswers, TabChoices } from '../../../common/api';
import { printItems } from '../../../common/form/print-model';
import type { PageDef, QuestionDef } from '../../../common/form/types';
import { PrintedItems } from '../../../renderer/src/features/service-view/components/printed-items';

/** Where a test's print view opens an attached document, as a route gives it. */
export const testDocumentHref = (key: string) => `/documents/${key}`;

interface Printed {
  answers?: Answers;
  tabs?: TabChoices;
  documents?: DocumentAnswers;
}

/** The print view of `pages` for an application, as the service view and the staff view draw it. */
export function renderPrinted(pages: readonly PageDef[], { answers = {}, tabs, documents = {} }: Printed = {}) {
  const items = printItems(pages, { answers, tabs, documents });
  return render(<PrintedItems items={items} documentHref={(key) => (documents[key] ? testDocumentHref(key) : null)} />);
}

/** One question printed; `container` holds what the question prints and nothing else. */
export function renderPrintedQuestion(question: QuestionDef, printed: Printed = {}) {
  const view = renderPrinted([{ id: 'about', path: '/about', title: 'Test', sections: [{ id: 's', title: 'S', questions: [question] }] }], printed);
  return { ...view, container: view.container.querySelector<HTMLElement>('.form-section__content')! };
}
