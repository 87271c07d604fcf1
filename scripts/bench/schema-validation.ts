// Whole-application validation: `validateAnswers`, the one function the server's submit and the
// renderer call (the renderer on every change while the status is validating), on the busiest
// realistic application and on an empty one, with the time split into its stages.
//
// Each validation as the renderer meets it: typing (the keys on show stay the same, so the schema is
// reused) and showing or hiding questions (every call a new set of keys on show, so the schema is
// put together anew: "rebuilds included").
//
// Baseline measured in the same run: a one-field yup object with one test, validated the same way
// (`collectErrors`), the least a yup validation costs.
import os from 'node:os';
import { mixed, object } from 'yup';
import type { Answers } from '../../common/api';
import { formPages } from '../../common/form/pages';
import { formRules, validateAnswers, visibleAnswers } from '../../common/form/schema';
import { answersSchema, shownTargets, validateTargets } from '../../common/form/schema/build';
import { collectErrors } from '../../common/validation/collect-errors';
import { busiestApplication } from './busiest-application';
import { percentile } from './stats';

const RUNS = 1_000;
const WARM_UP = 100;

/**
 * Each run's wall-clock time in ms, and its CPU time (this process's user and system time), which
 * a machine busy with other work disturbs far less: a run descheduled halfway counts its wait in
 * the first and not in the second.
 */
function time(work: () => unknown): number[] & { cpu: number[] } {
  for (let run = 0; run < WARM_UP; run += 1) work();
  const runs = Object.assign([] as number[], { cpu: [] as number[] });
  for (let run = 0; run < RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    runs.cpu.push((used.user + used.system) / 1000);
  }
  return runs;
}

/** Twelve sets of keys on show in turn: each validation a show/hide (more than a schema cache of eight would keep). */
const SHOW_HIDE_VARIANTS = 12;

/**
 * The busiest application with one answer left out, for answers whose absence changes the keys on
 * show (a section or question hidden): each a different set of keys, as a show/hide click makes.
 */
function showHideVariants(busiest: Answers): Answers[] {
  const keysOf = (answers: Answers) => shownTargets(formPages, visibleAnswers(formPages, answers)).map(({ key }) => key).join(',');
  const seen = new Set([keysOf(busiest)]);
  const variants: Answers[] = [];
  for (const key of Object.keys(busiest)) {
    if (variants.length === SHOW_HIDE_VARIANTS) break;
    const variant = { ...busiest, [key]: null };
    const keys = keysOf(variant);
    if (seen.has(keys)) continue;
    seen.add(keys);
    variants.push(variant);
  }
  if (variants.length < SHOW_HIDE_VARIANTS) throw new Error(`only ${variants.length} show/hide variants of the busiest application`);
  return variants;
}

export async function runSchemaValidationBenchmark(): Promise<void> {
  const today = new Date();
  const busiest = busiestApplication(today);
  const empty: Answers = {};
  const visible = visibleAnswers(formPages, busiest);
  const targets = shownTargets(formPages, visible);
  const schema = answersSchema(targets, visible, { today, rules: formRules });
  const busiestErrors = Object.keys(validateAnswers(busiest, { today })).length;
  const emptyErrors = Object.keys(validateAnswers(empty, { today })).length;
  console.log(
    `busiest application: ${Object.keys(busiest).length} answers, ${targets.length} keys validated, ${busiestErrors} with errors; ` +
      `empty application: ${shownTargets(formPages, empty).length} keys validated, ${emptyErrors} with errors`,
  );
  console.log(`${RUNS} runs after ${WARM_UP} to warm up; load average ${os.loadavg()[0]!.toFixed(1)}`);

  const oneField = object({ first_name: mixed<string>().nullable().test({ name: 'required', message: 'required', test: (value) => !!value }) });
  const baseline = time(() => collectErrors(oneField, { first_name: 'Ada' }));
  const base = percentile(baseline, 50);

  const µs = (value: number) => (value * 1000).toFixed(value < 0.1 ? 1 : 0).padStart(6);
  const line = (label: string, runs: number[] & { cpu: number[] }) =>
    console.log(
      `  ${label.padEnd(56)} median ${µs(percentile(runs, 50))} µs   p99 ${µs(percentile(runs, 99))} µs` +
        `   median ${(percentile(runs, 50) / base).toFixed(0).padStart(5)}x baseline` +
        `   CPU median ${µs(percentile(runs.cpu, 50))} µs  p99 ${µs(percentile(runs.cpu, 99))} µs`,
    );
  console.log('\nvalidation time');
  line('baseline: a one-field yup object', baseline);
  let typed = 0;
  const whole = time(() => validateAnswers({ ...busiest, college_major: `History ${(typed += 1)}` }, { today }));
  line('validateAnswers, busiest application, typing', whole);
  const variants = showHideVariants(busiest);
  let shown = 0;
  const rebuilding = time(() => validateAnswers(variants[(shown += 1) % variants.length]!, { today }));
  line('validateAnswers, busiest, each a show/hide', rebuilding);
  line('validateAnswers, empty application', time(() => validateAnswers(empty, { today })));
  console.log(`  ${'  per key validated'.padEnd(56)} median ${µs(percentile(whole, 50) / targets.length)} µs   (${targets.length} keys)`);
  console.log('\nthe busiest application, stage by stage');
  line('hidden answers left out (visibleAnswers)', time(() => visibleAnswers(formPages, busiest)));
  line('keys on show (shownTargets)', time(() => shownTargets(formPages, visible)));
  line('yup schema built from scratch (answersSchema)', time(() => answersSchema(targets, visible, { today, rules: formRules })));
  line('each key’s kept field run (validateTargets, as validateAnswers)', time(() => validateTargets(formPages, targets, { answers: visible, today }, formRules)));
  line('one yup object of the keys on show, run cast first', time(() => collectErrors(schema, visible, { answers: visible, today })));
  line('one yup object of the keys on show, run strict', time(() => collectErrors(schema, visible, { answers: visible, today }, { strict: true })));
}
