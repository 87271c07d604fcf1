import { PDFBool, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderApplicationPdf } from '../../../../backend/application-pdf/generate';
import type { ApplicationContent } from '../../../../backend/application-pdf/print-items';
import { completeApplication } from '../../../../scripts/support/complete-application';
import { buildPdf } from '../../../../scripts/support/documents';
import { pdfInfoText, pdfStructureText } from '../../../support/poppler';

const content: ApplicationContent = {
  username: 'ada@example.edu',
  answers: { ...completeApplication(), first_name: 'Ada', last_name: 'Lovelace-Łęcka' },
  tabs: {},
  addAnother: {},
  documents: {},
};

/**
 * The structure tree as `pdfinfo -struct-text` prints it, flattened in reading order: each text
 * as `Type: text`, Type being the element that holds it, and each element that holds none as its Type.
 */
async function readingOrder(pdf: Uint8Array): Promise<string[]> {
  const entries: string[] = [];
  let element = '';
  for (const line of (await pdfStructureText(pdf)).split('\n')) {
    const text = /^\s*"(.*)"$/.exec(line);
    if (text) entries.push(`${element}: ${text[1]}`);
    else if (line.trim()) {
      element = line.trim().split(/\s+/)[0]!;
      entries.push(element);
    }
  }
  return entries;
}

/** Whether `expected` appear in `entries` in this order, others between them allowed. */
function inOrder(entries: readonly string[], expected: readonly string[]): boolean {
  let at = 0;
  for (const entry of entries) if (entry === expected[at]) at += 1;
  return at === expected.length;
}

// Real PDFs read back with poppler, the first of them reading the fonts: seconds, not milliseconds, on a busy machine.
describe('the application PDF is a tagged PDF', { timeout: 30_000 }, () => {
  it('has a title, a language and says it is tagged', async () => {
    const pdf = await renderApplicationPdf(content, [], { compress: true });
    expect(await pdfInfoText(pdf)).toMatch(/^Tagged:\s+yes$/m);
    expect(await pdfInfoText(pdf)).toMatch(/^Title:\s+Graduate application: Ada Lovelace-Łęcka$/m);
    const catalog = (await PDFDocument.load(pdf)).catalog;
    expect(catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en-US');
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))).toBe(PDFBool.True);
  });

  it('heads each form page and section, and reads each question before its answer', async () => {
    const entries = await readingOrder(await renderApplicationPdf(content, [], { compress: true }));
    expect(entries[0]).toBe('Document');
    expect(inOrder(entries, ['H1: About You', 'H1: Your Academics', 'H1: Final Steps'])).toBe(true);
    expect(inOrder(entries, ['H1: About You', 'H2: Your Legal Name', 'Div', 'P: First Name', 'P: Ada', 'Div', 'P: Middle Name'])).toBe(true);
    expect(inOrder(entries, ['P: Last Name', 'P: Lovelace-Łęcka', 'H2: Other Names'])).toBe(true);
    expect(inOrder(entries, ['H1: Your Academics', 'H3: College 1'])).toBe(true);
  });

  it('tags options as a list of items, each its mark as label and its text as body', async () => {
    const entries = await readingOrder(await renderApplicationPdf(content, [], { compress: true }));
    expect(inOrder(entries, ['P: Gender', 'L', 'LI', 'Lbl: [X]', 'LBody: Female', 'LI', 'Lbl: [ ]', 'LBody: Male'])).toBe(true);
  });

  it('tags the appended documents after the form, in order, and the page headers as artifacts', async () => {
    const documents = [await buildPdf(['First appended document.']), await buildPdf(['Second appended document.'])];
    const entries = await readingOrder(await renderApplicationPdf(content, documents, { compress: true }));
    const lastOfForm = entries.findIndex((entry) => entry === 'H1: Final Steps');
    const first = entries.indexOf('Sect: First appended document.');
    expect(lastOfForm).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(lastOfForm);
    expect(entries.indexOf('Sect: Second appended document.')).toBeGreaterThan(first);
    expect(entries.some((entry) => entry.includes('Page 1 of') || entry.endsWith(': Ada Lovelace-Łęcka'))).toBe(false);
  });
});
