import { describe, expect, it } from 'vitest';
import { renderApplicationPdf } from '../../../../backend/application-pdf/generate';
import type { ApplicationContent } from '../../../../backend/application-pdf/print-items';
import { completeApplication } from '../../../../scripts/support/complete-application';
import { buildPdf } from '../../../../scripts/support/documents';
import { asRead, fullName, NAMES_IN_EVERY_SCRIPT, type ScriptName } from '../../../support/names-in-every-script';
import { pdfFontNames, pdfText, pdfTextByPage } from '../../../support/poppler';

const applicant = (name: ScriptName): ApplicationContent => ({
  username: 'applicant@example.edu',
  answers: { ...completeApplication(), first_name: name.first, last_name: name.last, preferred_name: name.first, city: name.last },
  tabs: {},
  addAnother: {},
  documents: {},
});

// Real PDFs read back with poppler, the first of them reading the fonts: seconds, not milliseconds, on a busy machine.
describe('the application PDF prints every name as typed (read back with pdftotext)', { timeout: 30_000 }, () => {
  it.each(NAMES_IN_EVERY_SCRIPT.map((name) => [`${name.script}: ${fullName(name)}`, name] as const))('%s', async (_, name) => {
    const appended = await buildPdf(['An appended document.']);
    const pdf = await renderApplicationPdf(applicant(name), [appended], { compress: true });
    const pages = (await pdfTextByPage(pdf)).map(asRead);
    expect(pages.length).toBeGreaterThan(2);
    // The header of every page, the appended document's too.
    for (const page of pages) expect(page).toContain(asRead(fullName(name)));
    const text = asRead(await pdfText(pdf));
    expect(text).toContain(asRead(name.first));
    expect(text).toContain(asRead(name.last));
  });

  it('embeds only Noto Sans, as subsets, for a Latin-only applicant, and stays small', async () => {
    const pdf = await renderApplicationPdf(applicant({ script: 'Latin', first: 'Ada', last: 'Lovelace' }), [], { compress: true });
    expect((await pdfFontNames(pdf)).sort()).toEqual(['Helvetica', 'NotoSans-Bold', 'NotoSans-Regular']);
    expect(pdf.length).toBeLessThan(120_000);
  });
});
