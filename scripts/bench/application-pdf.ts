// The whole-application PDF (DESIGN.md section 7): how long one generation takes for a complete
// application with three converted documents (the print view laid out with pdfkit, the documents
// appended and every page stamped with pdf-lib), in the server's worker thread and, for contrast,
// on the main thread, with the longest stall of the main thread's event loop in each case.
//
// Baseline measured in the same run: laying out a one-page pdfkit document of a few lines, the
// least any PDF we make costs.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { drawForm } from '../../backend/application-pdf/draw-form';
import { applicationItems } from '../../backend/application-pdf/form-layout';
import { generateApplicationPdf } from '../../backend/application-pdf/generate';
import { createApplicationPdfRunner } from '../../backend/application-pdf/runner/pdf-runner';
import { createSandboxPool } from '../../backend/sandbox/sandbox-pool';
import type { ApplicationContent } from '../../backend/application-pdf/print-items';
import { convertToPdf } from '../../backend/documents/convert-to-pdf';
import { completeApplication } from '../../tests/support/complete-application';
import { buildPdf, sampleDocx, smallPng } from '../../tests/support/documents';
import { percentile } from './stats';

const RUNS = 50;
const WARM_UP = 5;

const ms = (value: number) => value.toFixed(1).padStart(7);

async function time(work: () => Promise<unknown>, measuring: () => void = () => undefined): Promise<number[]> {
  for (let run = 0; run < WARM_UP; run += 1) await work();
  measuring();
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return runs;
}

export async function runApplicationPdfBenchmark(): Promise<void> {
  // The three documents as the conversion stores them: a kept 3-page PDF, a Word document and a scan.
  const converted = new Map<string, Buffer>([
    ['converted/essay.pdf', await convertToPdf(sampleDocx())],
    ['converted/resume.pdf', await convertToPdf(await buildPdf(['Resume, page 1.', 'Resume, page 2.', 'Resume, page 3.']))],
    ['converted/orders.pdf', await convertToPdf(smallPng())],
  ]);
  const content: ApplicationContent = {
    username: 'ada@example.edu',
    answers: {
      ...completeApplication(),
      college_ceeb: '5404',
      college_name_2: 'Goucher College',
      college_degree_2: 'MA',
      applied_major: 'MSCS',
      instate_tuition: 'Y',
      maryland_armed_forces: 'Y',
      essay_compscience_doc: 'ANSWERED',
      resume_doc: 'ANSWERED',
      active_duty_order: 'ANSWERED',
    },
    tabs: { essay_compscience: 'upload', resume: 'upload' },
    addAnother: { college: 2 },
    documents: {
      essay_compscience_doc: { file_name: 'essay.docx', file_size: 20_000, pdf_key: 'converted/essay.pdf' },
      resume_doc: { file_name: 'resume.pdf', file_size: 3_000, pdf_key: 'converted/resume.pdf' },
      active_duty_order: { file_name: 'orders.png', file_size: 1_000, pdf_key: 'converted/orders.pdf' },
    },
  };
  const objects = { get: async (key: string) => converted.get(key) ?? null };
  const sample = await generateApplicationPdf(content, objects);
  console.log(`a complete application with three documents: ${(sample.length / 1000).toFixed(0)} kB; ${RUNS} runs after ${WARM_UP} to warm up`);

  const onePage = await time(() => drawForm([{ kind: 'page', title: 'About You' }, { kind: 'field', label: 'First Name', value: 'Ada' }], { compress: true }));
  const layout = await time(() => drawForm(applicationItems(content), { compress: true }));
  const stall = async (work: () => Promise<unknown>) => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    const runs = await time(work, () => histogram.enable());
    histogram.disable();
    return { runs, stallMs: histogram.max / 1e6 };
  };
  const sandbox = createSandboxPool({ maxProcesses: 1 });
  const runner = createApplicationPdfRunner(sandbox);
  try {
    const onMain = await stall(() => generateApplicationPdf(content, objects));
    const inWorker = await stall(() => generateApplicationPdf(content, objects, { compress: true }, (...args) => runner.render(...args)));

    const base = percentile(onePage, 50);
    const line = (label: string, runs: number[], stallMs?: number) =>
      console.log(
        `  ${label.padEnd(44)} median ${ms(percentile(runs, 50))} ms   p99 ${ms(percentile(runs, 99))} ms   median ${(percentile(runs, 50) / base).toFixed(1).padStart(5)}x baseline` +
          (stallMs === undefined ? '' : `   longest event-loop stall ${ms(stallMs)} ms`),
      );
    console.log('\ngeneration time');
    line('baseline: a one-page pdfkit document', onePage);
    line('the form laid out (pdfkit, no documents)', layout);
    line('the whole PDF, on the main thread', onMain.runs, onMain.stallMs);
    line('the whole PDF, in a sandbox process', inWorker.runs, inWorker.stallMs);
  } finally {
    await sandbox.close();
  }
}
