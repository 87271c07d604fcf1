import type { Logger } from 'pino';
import type { SealingStore } from './sealing-store';

export const clearAnswersMessage = (count: number) =>
  `${count} sensitive answer${count === 1 ? ' is' : 's are'} stored unencrypted (saved before sealing began): run npm run seal:rotate, which seals them.`;

/**
 * At start: sensitive answers stored clear (saved by a version before sealing) stop a production
 * instance until `npm run seal:rotate` has sealed them; elsewhere the log warns.
 */
export async function refuseClearSensitiveAnswers(store: { sealing: SealingStore }, config: { environment: string }, logger: Logger): Promise<void> {
  const count = await store.sealing.clearCount();
  if (count === 0) return;
  if (config.environment !== 'production') {
    logger.warn(clearAnswersMessage(count));
    return;
  }
  logger.fatal(clearAnswersMessage(count));
  throw new Error(clearAnswersMessage(count));
}
