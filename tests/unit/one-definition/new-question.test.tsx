// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answers } from '../../../common/api';
import type { SectionDef } from '../../../common/form/types';
import { completeApplication } from '../../../scripts/support/complete-application';
import { pdfText } from '../../support/poppler';

// Issue 27 item 1: a question is declared once, in one file, and everything else follows. This
// file is that one file: it adds "Favourite Author" to About You's last section, with its length,
// its rule and its hint, and finds it on its page, in the data model, in the schema, in the print
// view's items, in the application PDF and in the staff export. Nothing else is edited.
vi.mock('../../../common/form/pages/about/other', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../common/form/pages/about/other')>();
  const { textQuestion } = await import('../../../common/form/pages/question-factories');
  const { required } = await import('../../../common/form/schema/generic-rules');
  const favouriteAuthor = textQuestion('favourite_author', 'Favourite Author', {
    hint: 'The writer whose books you return to.',
    maxLength: 80,
    rules: [required()],
  });
  const otherPersonalSection: SectionDef = { ...shipped.otherPersonalSection, questions: [...shipped.otherPersonalSection.questions, favouriteAuthor] };
  return { ...shipped, otherPersonalSection };
});

const ANSWER = 'Chimamanda Ngozi Adichie';

// The unit set-up loaded the shipped form before this file's mock: every module is loaded afresh.
async function fresh() {
  vi.resetModules();
  return {
    pages: await import('../../../common/form/pages'),
    model: await import('../../../common/form/model'),
    schema: await import('../../../common/form/schema'),
    print: await import('../../../common/form/print-model'),
    pdf: await import('../../../backend/application-pdf/generate'),
    exports: await import('../../../backend/staff/exports'),
    question: await import('../../../renderer/src/features/form/components/question'),
  };
}

let loaded: Awaited<ReturnType<typeof fresh>>;
const answers = (extra: Answers = {}): Answers => ({ ...completeApplication(), ...extra });

beforeAll(async () => {
  loaded = await fresh();
});

describe('a question declared in one file (issue 27 item 1)', () => {
  it('is on its page, with its label and hint, and the page is the one the error summary links to', async () => {
    const { pages, question } = loaded;
    expect(pages.pageOfKey('favourite_author')?.id).toBe('about');
    const declared = pages.aboutPage.sections.flatMap((section) => section.questions).find((each) => each.key === 'favourite_author')!;
    render(<question.Question question={declared} />);
    const input = screen.getByRole('textbox', { name: 'Favourite Author' });
    expect(input.getAttribute('maxlength')).toBe('80');
    expect(screen.getByText('The writer whose books you return to.')).toBeTruthy();
  });

  it('is in the data model with its type, page and length', () => {
    expect(loaded.model.fieldDef('favourite_author')).toEqual({ key: 'favourite_author', type: 'text', page: 'about', maxLength: 80 });
  });

  it('is in the schema with its own rule and the length every text answer gets', () => {
    const { schema } = loaded;
    expect(schema.validateAnswers(answers()).favourite_author).toEqual(['Favourite Author is required.']);
    expect(schema.validateAnswers(answers({ favourite_author: 'x'.repeat(81) })).favourite_author).toEqual([
      'Favourite Author must be at most 80 characters.',
    ]);
    expect(schema.validateAnswers(answers({ favourite_author: ANSWER })).favourite_author).toBeUndefined();
  });

  it('is in the print view and the application PDF, under its section', async () => {
    const { pages, print, pdf } = loaded;
    const items = print.printItems(pages.formPages, { answers: answers({ favourite_author: ANSWER }), tabs: {}, documents: {} });
    expect(items).toContainEqual(expect.objectContaining({ label: 'Favourite Author' }));
    const content = { username: 'chimamanda@example.edu', answers: answers({ favourite_author: ANSWER }), tabs: {}, addAnother: {}, documents: {} };
    const text = (await pdfText(await pdf.renderApplicationPdf(content, [], { compress: true }))).replace(/\s+/g, ' ');
    expect(text).toContain(`Favourite Author ${ANSWER}`);
  });

  it('is a column of the staff export, with its answer', async () => {
    const { exports } = loaded;
    const request = exports.parseExportQuery({ from: '2026-11-01', to: '2026-11-30' });
    expect(request.columns).toContain('favourite_author');
    const row = { account_id: '7', username: 'chimamanda@example.edu', submitted_at: Date.UTC(2026, 10, 20), answers: answers({ favourite_author: ANSWER }) };
    // The store's one read the export makes, answered with one submitted application.
    const store = { staffExports: { submittedBatch: async () => [row] } } as unknown as Parameters<typeof exports.csvExport>[0];
    const lines: string[] = [];
    for await (const line of exports.csvExport(store, request)) lines.push(line);
    expect(lines[0]).toContain('favourite_author');
    expect(lines[1]).toContain(ANSWER);
  });
});
