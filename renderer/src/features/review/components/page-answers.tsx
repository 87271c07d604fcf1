import { useId } from 'react';
import type { DocumentAnswers } from '../../../../../common/api';
import { splitAt, type HeadingItem, type PrintItem } from '../../../../../common/form/print-items';
import type { PageDef } from '../../../../../common/form/types';
import { AnswerRows, answerRow, type AnswerRow } from './answer-rows';

interface PageAnswersProps {
  page: PageDef;
  /** The page's items as the print model gives them (`pageItems`): its heading, then sections. */
  items: readonly PrintItem[];
  documents: DocumentAnswers;
  readOnly: boolean;
}

const rowsOf = (items: readonly PrintItem[], documents: DocumentAnswers): AnswerRow[] =>
  items.flatMap((item) => answerRow(item, documents) ?? []);

/** A section on show (h4) with its summary list, and each repeated block's (h5). */
function SectionAnswers({ head, items, page, documents, readOnly }: Omit<PageAnswersProps, 'items'> & { head: HeadingItem<'section'>; items: readonly PrintItem[] }) {
  const titleId = useId();
  const { before, parts } = splitAt(items, 'block');
  const blocks = parts.map((block) => ({ title: block.head.title, rows: rowsOf(block.items, documents) })).filter((block) => block.rows.length > 0);
  const rows = rowsOf(before, documents);
  if (rows.length === 0 && blocks.length === 0) return null;
  return (
    <section className="review__section" aria-labelledby={titleId}>
      <h4 id={titleId} className="review__section-title">
        {head.title}
      </h4>
      <AnswerRows rows={rows} pagePath={page.path} readOnly={readOnly} />
      {blocks.map((block) => (
        <div key={block.title} className="review__block">
          <h5 className="review__block-title">{block.title}</h5>
          <AnswerRows rows={block.rows} pagePath={page.path} readOnly={readOnly} />
        </div>
      ))}
    </section>
  );
}

/** One form page's answers: its title (h3), then each section on show. */
export function PageAnswers({ page, items, documents, readOnly }: PageAnswersProps) {
  const titleId = useId();
  return (
    <section className="review__page" aria-labelledby={titleId}>
      <h3 id={titleId} className="review__page-title">
        {page.title}
      </h3>
      {splitAt(items, 'section').parts.map(({ head, items: sectionItems }, index) => (
        <SectionAnswers key={index} head={head} items={sectionItems} page={page} documents={documents} readOnly={readOnly} />
      ))}
    </section>
  );
}
