import type { ResealCounts, SealedTable, SealingStore } from './sealing-store';

/** Rows read and written per statement batch: memory and each transaction stay small. */
export const RESEAL_BATCH = 500;

/**
 * `npm run seal:rotate`'s work: every sensitive value at rest (answers, their history, submitted
 * snapshots) sealed with the current key, in batches; values stored clear are sealed, values of
 * an older key resealed, current ones left. Running it again changes nothing. Safe while the
 * server serves: a row a save changed meanwhile is left as the save wrote it, sealed anew.
 */
export async function resealAll(store: { sealing: SealingStore }, batch = RESEAL_BATCH): Promise<Record<SealedTable, ResealCounts>> {
  const counts = (): ResealCounts => ({ sealed: 0, resealed: 0, current: 0 });
  const answers = counts();
  let answersAfter: [string, string] | null = null;
  do answersAfter = (await store.sealing.resealAnswers(answersAfter, batch, answers)).next;
  while (answersAfter);
  const history = counts();
  let historyAfter: number | null = 0;
  while (historyAfter !== null) historyAfter = (await store.sealing.resealHistory(historyAfter, batch, history)).next;
  const submissions = counts();
  let submissionsAfter: string | null = '';
  while (submissionsAfter !== null) submissionsAfter = (await store.sealing.resealSubmissions(submissionsAfter, batch, submissions)).next;
  return { answers, answer_history: history, submissions };
}
