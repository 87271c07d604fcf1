import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { assembleApplication } from '../../../../backend/application-pdf/assemble';
import { drawForm } from '../../../../backend/application-pdf/draw-form';
import { contentFingerprint } from '../../../../backend/application-pdf/fingerprint';
import type { ApplicationContent, PrintItem } from '../../../../backend/application-pdf/print-items';
import { applicationPdfFileName } from '../../../../backend/application-pdfs/application-pdf-service';
import { buildPdf } from '../../../../scripts/support/documents';
import { pdfTextByPage } from '../../../support/poppler';

const items: PrintItem[] = [
  { kind: 'page', title: 'About You' },
  { kind: 'section', title: 'Your Legal Name' },
  { kind: 'field', label: 'First Name', value: 'Zoë' },
  { kind: 'field', label: 'Essay', value: 'Line one\nLine two ✓' },
  { kind: 'choices', label: 'Gender', choices: [{ label: 'Female', checked: true }, { label: 'Male', checked: false }], columns: false },
  { kind: 'check', choice: { label: 'Same as permanent', checked: false } },
  { kind: 'page', title: 'Your Academics' },
  { kind: 'upload', label: 'Resume', value: 'File attached: cv.pdf', answerKey: 'resume_doc' },
];

describe('drawing and assembling the application PDF', () => {
  it('lays out the items (each form page on a new sheet), appends the documents, and heads every page', async () => {
    const form = await drawForm(items, { compress: true });
    const documents = [await buildPdf(['Document A, page 1.', 'Document A, page 2.']), await buildPdf(['Document B.'])];
    const pages = await pdfTextByPage(await assembleApplication(form, documents, 'Zoë Doe'));
    expect(pages).toHaveLength(5);
    expect(pages[0]).toContain('Zoë');
    expect(pages[0]).toContain('Line one Line two ✓');
    expect(pages[0]).toContain('[X] Female');
    expect(pages[0]).toContain('[ ] Male');
    expect(pages[0]).toContain('[ ] Same as permanent');
    expect(pages[1]).toContain('File attached: cv.pdf');
    expect(pages[2]).toContain('Document A, page 1.');
    expect(pages[4]).toContain('Document B.');
    pages.forEach((page, index) => {
      expect(page).toContain('Zoë Doe');
      expect(page).toContain(`Page ${index + 1} of 5`);
    });
  });

  it('packs its objects into object streams (PDF 1.5), whatever older version the form part declares', async () => {
    const form = await drawForm(items, { compress: true });
    const assembled = await assembleApplication(form, [await buildPdf(['Document A.'])], 'Zoë Doe');
    expect(form.subarray(0, 8).toString('latin1')).toBe('%PDF-1.3');
    expect(assembled.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(assembled.includes('/Type /ObjStm')).toBe(true);
  });

  it('runs a long answer onto further pages', async () => {
    const long: PrintItem[] = [{ kind: 'page', title: 'About You' }, { kind: 'field', label: 'Essay', value: 'A long essay sentence. '.repeat(1200) }];
    const pdf = await PDFDocument.load(await drawForm(long, { compress: true }));
    expect(pdf.getPageCount()).toBeGreaterThan(2);
  });
});

describe('the fingerprint and the file name', () => {
  const base: ApplicationContent = { username: 'a@example.edu', answers: { first_name: 'Ada', last_name: 'Lovelace' }, tabs: {}, addAnother: {}, documents: {} };

  it('is the same for the same content whatever the key order, and changes with any input', () => {
    const reordered = { ...base, answers: { last_name: 'Lovelace', first_name: 'Ada' } };
    expect(contentFingerprint(reordered)).toBe(contentFingerprint(base));
    for (const changed of [
      { ...base, answers: { ...base.answers, first_name: 'Augusta' } },
      { ...base, tabs: { resume: 'upload' } },
      { ...base, addAnother: { college: 2 } },
      { ...base, documents: { resume_doc: { file_name: 'cv.pdf', file_size: 1, pdf_key: 'k' } } },
      { ...base, username: 'b@example.edu' },
    ]) {
      expect(contentFingerprint(changed)).not.toBe(contentFingerprint(base));
    }
  });

  it('names the file after the applicant in plain ASCII', () => {
    expect(applicationPdfFileName(base)).toBe('application-Lovelace-Ada.pdf');
    expect(applicationPdfFileName({ answers: { first_name: 'Zoë', last_name: "O'Brien \"x\"" } })).toBe('application-O-Brien-x-Zoe.pdf');
    expect(applicationPdfFileName({ answers: {} })).toBe('application.pdf');
  });
});
