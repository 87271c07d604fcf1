// Whole-application validation: `validateAnswers`, the one function the server's submit and the
// renderer call (the renderer on every change while the status is validating), on the busiest
// realistic application and on an empty one, with the time split into its stages.
//
// Baseline measured in the same run: a one-field yup object with one test, validated the same way
// (`collectErrors`), the least a yup validation costs.
import { mixed, object } from 'yup';
import type { Answers } from '../../common/api';
import { formPages } from '../../common/form/pages';
import { formRules, validateAnswers, visibleAnswers } from '../../common/form/schema';
import { answersSchema, shownTargets } from '../../common/form/schema/build';
import { collectErrors } from '../../common/validation/collect-errors';
import { busiestApplication } from './busiest-application';
import { percentile } from './stats';

const RUNS = 1_000;
const WARM_UP = 100;

function time(work: () => unknown): number[] {
  for (let run = 0; run < WARM_UP; run += 1) work();
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
  }
  return runs;
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
  console.log(`${RUNS} runs after ${WARM_UP} to warm up`);

  const oneField = object({ first_name: mixed<string>().nullable().test({ name: 'required', message: 'required', test: (value) => !!value }) });
  const baseline = time(() => collectErrors(oneField, { first_name: 'Ada' }));
  const base = percentile(baseline, 50);

  const µs = (value: number) => (value * 1000).toFixed(value < 0.1 ? 1 : 0).padStart(6);
  const line = (label: string, runs: number[]) =>
    console.log(
      `  ${label.padEnd(56)} median ${µs(percentile(runs, 50))} µs   p99 ${µs(percentile(runs, 99))} µs` +
        `   median ${(percentile(runs, 50) / base).toFixed(0).padStart(5)}x baseline`,
    );
  console.log('\nvalidation time');
  line('baseline: a one-field yup object', baseline);
  const whole = time(() => validateAnswers(busiest, { today }));
  line('validateAnswers, busiest application', whole);
  line('validateAnswers, empty application', time(() => validateAnswers(empty, { today })));
  console.log(`  ${'  per key validated'.padEnd(56)} median ${µs(percentile(whole, 50) / targets.length)} µs   (${targets.length} keys)`);
  console.log('\nthe busiest application, stage by stage');
  line('hidden answers left out (visibleAnswers)', time(() => visibleAnswers(formPages, busiest)));
  line('keys on show (shownTargets)', time(() => shownTargets(formPages, visible)));
  line('yup schema built (answersSchema)', time(() => answersSchema(targets, visible, { today, rules: formRules })));
  line('yup schema run (collectErrors)', time(() => collectErrors(schema, visible)));
}
