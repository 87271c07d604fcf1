import { describe, expect, it } from 'vitest';
import { contentFingerprint } from '../../../../backend/application-pdf/fingerprint';
import { renderApplicationPdf } from '../../../../backend/application-pdf/generate';
import type { ApplicationContent } from '../../../../backend/application-pdf/print-items';
import { completeApplication } from '../../../../scripts/support/complete-application';
import { buildPdf } from '../../../../scripts/support/documents';
import { pdfText, pdfTextByPage } from '../../../support/poppler';

const content: ApplicationContent = {
  username: 'applicant@example.edu',
  answers: { ...completeApplication(), first_name: 'Ada', last_name: 'Lovelace' },
  tabs: {},
  addAnother: {},
  documents: {},
  appended: [
    { title: 'Resume (sent after submission)', pdf_key: 'converted/a/checklist.resume/1.pdf', text: null },
    { title: 'Letter of recommendation from 李雷', pdf_key: null, text: '她是我教过最好的学生。\n\nA second paragraph, in English.' },
    { title: 'Letter of recommendation from Grace Hopper', pdf_key: 'converted/a/letter.2/1.pdf', text: null },
  ],
};

/** What follows the frozen application (issue 28 items 3 and 4), read back with pdftotext. */
describe('the parts appended after the documents', { timeout: 30_000 }, () => {
  it('follow the form\'s documents in their order: a converted one as given, a typed letter on its own pages under its title, in any script', async () => {
    const documents = [await buildPdf(['The form\'s document.']), await buildPdf(['The resume sent later.']), await buildPdf(['The uploaded letter.'])];
    const pdf = await renderApplicationPdf(content, documents, { compress: true });
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    const order = ["The form's document.", 'The resume sent later.', 'Letter of recommendation from 李雷', '她是我教过最好的学生。', 'A second paragraph, in English.', 'The uploaded letter.'].map((part) => text.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The typed letter starts a page of its own, headed like every page with the applicant's name.
    const pages = await pdfTextByPage(pdf);
    const letterPage = pages.find((page) => page.includes('Letter of recommendation from 李雷'))!;
    expect(letterPage).not.toContain('The resume sent later.');
    expect(letterPage).toContain('Ada Lovelace');
  });

  it('change the fingerprint when a letter arrives', () => {
    const before = { ...content, appended: content.appended!.slice(0, 1) };
    expect(contentFingerprint(before)).not.toBe(contentFingerprint(content));
    expect(contentFingerprint({ ...content })).toBe(contentFingerprint(content));
  });
});
