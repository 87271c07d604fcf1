import { useId, type ReactNode } from 'react';
import { splitAt, type HeadingItem, type PrintChoice, type PrintItem } from '../../../../../common/form/print-items';

/**
 * The print model's list (common/form/print-model.ts) as the print view draws it: the service
 * view and the staff view show exactly these items, as the application PDF prints them. Plain
 * text and [X] / [ ] marks; no form control, no button.
 */

/** Where the document of an upload opens, or null where it cannot be opened. */
export type DocumentHref = (answerKey: string) => string | null;

function PrintField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="print-field">
      <p className="print-field__label">{label}</p>
      <div className="print-field__value">{children}</div>
    </div>
  );
}

/** '[X]' or '[ ]' before an option's text. */
function PrintMark({ choice }: { choice: PrintChoice }) {
  return <span className="print-mark">{choice.checked ? '[X]' : '[ ]'}</span>;
}

/** One question's item; an upload's file opens where the route says (`documentHref`). */
function PrintedQuestion({ item, documentHref }: { item: PrintItem; documentHref: DocumentHref }) {
  switch (item.kind) {
    case 'field':
      return (
        <PrintField label={item.label}>
          <p className="print-field__text">{item.value}</p>
        </PrintField>
      );
    case 'upload': {
      const href = documentHref(item.answerKey);
      return <PrintField label={item.label}>{href ? <a href={href}>{item.value}</a> : item.value}</PrintField>;
    }
    case 'choices':
      return (
        <PrintField label={item.label}>
          <ul className={item.columns && !item.checkGroup ? 'print-choices print-choices--columns' : 'print-choices'}>
            {item.choices.map((choice) => (
              <li key={choice.label}>
                <PrintMark choice={choice} /> {choice.label}
              </li>
            ))}
          </ul>
        </PrintField>
      );
    case 'check':
      return (
        <p className="print-field print-check">
          <PrintMark choice={item.choice} /> {item.choice.label}
        </p>
      );
    default:
      return null;
  }
}

function PrintedQuestions({ items, documentHref }: { items: readonly PrintItem[]; documentHref: DocumentHref }) {
  return items.map((item, index) => <PrintedQuestion key={index} item={item} documentHref={documentHref} />);
}

/** A section: its heading (h3) naming it, its introduction, then its questions and each repeated block headed (h4). */
function PrintedSection({ head, items, documentHref }: { head: HeadingItem<'section'>; items: readonly PrintItem[]; documentHref: DocumentHref }) {
  const titleId = useId();
  const { before, parts } = splitAt(items, 'block');
  return (
    <section className="form-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="form-section__title">
        {head.title}
      </h3>
      {head.intro && <p className="form-section__intro">{head.intro}</p>}
      <div className="form-section__content">
        <PrintedQuestions items={before} documentHref={documentHref} />
        {parts.map((block, index) => (
          <div key={index} className="form-section__block">
            <h4 className="form-section__block-title">{block.head.title}</h4>
            <PrintedQuestions items={block.items} documentHref={documentHref} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** A form page headed by its title (h2), its sections beneath. */
function PrintedPage({ head, items, documentHref }: { head: HeadingItem<'page'>; items: readonly PrintItem[]; documentHref: DocumentHref }) {
  const titleId = useId();
  return (
    <section className="form-page service-view__page" aria-labelledby={titleId}>
      <h2 id={titleId} className="form-page__title">
        {head.title}
      </h2>
      <div className="form-page__body">
        {splitAt(items, 'section').parts.map((section, index) => (
          <PrintedSection key={index} head={section.head} items={section.items} documentHref={documentHref} />
        ))}
      </div>
    </section>
  );
}

/** The printed items, page after page. */
export function PrintedItems({ items, documentHref }: { items: readonly PrintItem[]; documentHref: DocumentHref }) {
  return splitAt(items, 'page').parts.map((page, index) => <PrintedPage key={index} head={page.head} items={page.items} documentHref={documentHref} />);
}
