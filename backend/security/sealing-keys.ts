import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateFile } from '../platform/generated-file';
import { parseSealingKeys, SEALING_KEY_BYTES, type SealingKeys } from '../platform/sealing-settings';
import { createAnswerSealer, type AnswerSealer } from './sealed-answers';

/** Outside production, without SEALING_KEYS: the key made on the first start, kept here (mode 0600). */
export const SEALING_KEY_FILE = 'sealing-keys';

/** The settings the keys come from: SEALING_KEYS read by the configuration (null: unset), and DATA_DIR. */
export interface SealingSettings {
  sealing: SealingKeys | null;
  dataDir: string;
  environment: 'development' | 'production' | 'test';
}

/**
 * The sealer of the configured keys. Without SEALING_KEYS (never in production: the configuration
 * refuses it), the key in DATA_DIR/sealing-keys, made on the first start; `onCreated` is told its
 * file (never the key) so the start can say so.
 */
export function answerSealerFor(settings: SealingSettings, onCreated?: (file: string) => void): AnswerSealer {
  if (settings.sealing) return createAnswerSealer(settings.sealing);
  if (settings.environment === 'production') throw new Error('SEALING_KEYS must be set in production.');
  return dataDirSealer(settings.dataDir, onCreated);
}

/** The sealer of DATA_DIR/sealing-keys (made when missing): development's, and the tests' and benchmarks' own stores'. */
export function dataDirSealer(dataDir: string, onCreated?: (file: string) => void): AnswerSealer {
  return createAnswerSealer(readOrCreateSealingKeyFile(dataDir, onCreated));
}

/** DATA_DIR/sealing-keys as a SEALING_KEYS setting: for a production process of the tests and benchmarks on a store they opened. */
export function sealingKeysSetting(dataDir: string): string {
  const keys = readOrCreateSealingKeyFile(dataDir);
  return [...keys.keys].map(([id, key]) => `${id}:${key.toString('base64')}`).join(',');
}

/** The keys of DATA_DIR/sealing-keys, in SEALING_KEYS's form, made with one key when missing. */
export function readOrCreateSealingKeyFile(dataDir: string, onCreated?: (file: string) => void): SealingKeys {
  const make = () => `local-${randomBytes(4).toString('hex')}:${randomBytes(SEALING_KEY_BYTES).toString('base64')}\n`;
  const { text, created } = readOrCreateFile(dataDir, SEALING_KEY_FILE, make);
  const file = path.join(dataDir, SEALING_KEY_FILE);
  if (created) onCreated?.(file);
  const problems: string[] = [];
  const [list = '', currentId = null] = text.split('\n').map((line) => line.trim());
  const keys = parseSealingKeys(list, currentId || null, problems);
  if (!keys) throw new Error(`${file} does not hold sealing keys (${problems.join(' ')}); restore it from a copy, or set SEALING_KEYS.`);
  return keys;
}
