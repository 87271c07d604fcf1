import { afterEach, describe, expect, it } from 'vitest';
import { createApplicationPdfRunner, DEFAULT_RENDER_LIMITS } from '../../../../backend/sandbox/pdf-runner';
import { createConversionRunner, DEFAULT_CONVERSION_LIMITS } from '../../../../backend/sandbox/conversion-runner';
import { createSandboxPool, type SandboxPool, type TaskReport } from '../../../../backend/sandbox/sandbox-pool';
import { completeApplication } from '../../../../scripts/support/complete-application';
import { buildDocx, checked, wordXml } from '../../../../scripts/support/documents';
import { asRead, fullName, NAMES_IN_EVERY_SCRIPT } from '../../../support/names-in-every-script';
import { pdfText } from '../../../support/poppler';

let pool: SandboxPool | undefined;
afterEach(() => pool?.close());

const names = NAMES_IN_EVERY_SCRIPT.map(fullName);
const megabytes = (bytes: number) => bytes / 1024 / 1024;

/**
 * Every face of the chain read at once (the CJK files alone are 22 MB, parsed by fontkit) in a
 * sandbox process, under the limits the server runs it with.
 */
// Real PDFs read back with poppler, the first of them reading the fonts: seconds, not milliseconds, on a busy machine.
describe('text in every script inside the sandbox, under its memory limits', { timeout: 30_000 }, () => {
  it('converts a Word document in every script, bold and italic too', async () => {
    const reports: TaskReport[] = [];
    pool = createSandboxPool({ maxProcesses: 1, onTaskEnd: (report) => reports.push(report) });
    const body = names.map((name) => wordXml.paragraph(wordXml.run(name), wordXml.run(` ${name}`, { bold: true, italic: true }))).join('');
    const pdf = await createConversionRunner(pool).run(checked(buildDocx(body)));
    expect(asRead(await pdfText(pdf))).toContain(asRead(names.at(-1)!));
    expect(reports[0]).toMatchObject({ kind: 'convert', outcome: 'done' });
    expect(megabytes(reports[0]!.peakRssBytes ?? 0)).toBeLessThan(DEFAULT_CONVERSION_LIMITS.maxRssMb * 0.8);
  });

  it('renders the application PDF of an applicant whose answers use every script', async () => {
    const reports: TaskReport[] = [];
    pool = createSandboxPool({ maxProcesses: 1, onTaskEnd: (report) => reports.push(report) });
    const answers = { ...completeApplication(), first_name: names.join(' '), last_name: names.at(-1)! };
    const pdf = await createApplicationPdfRunner(pool).render({ username: 'a@example.edu', answers, tabs: {}, addAnother: {}, documents: {} }, [], { compress: true });
    expect(asRead(await pdfText(pdf))).toContain(asRead(names[0]!));
    expect(reports[0]).toMatchObject({ kind: 'render-application', outcome: 'done' });
    expect(megabytes(reports[0]!.peakRssBytes ?? 0)).toBeLessThan(DEFAULT_RENDER_LIMITS.maxRssMb * 0.8);
  });
});
