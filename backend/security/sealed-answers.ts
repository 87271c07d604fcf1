import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AnswerValue, Answers } from '../../common/api';
import { isSensitiveKey } from '../../common/form/model';

/**
 * Sensitive answers (a question declared `sensitive`: the SSN) sealed at rest with AES-256-GCM
 * (docs/decisions.md, "Sensitive answers sealed"). A sealed value is one string,
 * `sealed:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url), stored where the clear answer would
 * be; its additional data names the applicant and the question, so a value copied to another
 * applicant or another question does not open.
 */
export const SEALED_PREFIX = 'sealed:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
export const SEALING_KEY_BYTES = 32;
/** A key id: short, and never containing the envelope's separator. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The keys that open sealed answers, by id, and the id new values are sealed with. */
export interface SealingKeys {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** A sealed value that cannot be opened. Its message never holds the value. */
export class SealingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealingError';
  }
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The id of the key a sealed value was sealed with. */
export function sealedKeyId(value: string): string {
  return value.slice(SEALED_PREFIX.length).split(':', 1)[0]!;
}

const additionalData = (accountId: string, answerKey: string) => Buffer.from(`gradapp-answer:v1:${accountId}:${answerKey}`, 'utf8');

/**
 * Reads `SEALING_KEYS` ("id:base64key,id2:base64key2", each key 32 bytes) and `SEALING_KEY_ID`
 * (the id new values are sealed with; optional when one key is given). Problems are named, never
 * the keys.
 */
export function parseSealingKeys(list: string, currentId: string | null, problems: string[]): SealingKeys | null {
  const keys = new Map<string, Buffer>();
  for (const entry of list.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [id = '', encoded = '', ...rest] = entry.split(':');
    const key = Buffer.from(encoded, 'base64');
    if (!KEY_ID.test(id) || rest.length > 0 || key.length !== SEALING_KEY_BYTES) {
      problems.push(`SEALING_KEYS must be id:key pairs separated by commas, each id 1 to 32 letters, digits, - or _, each key ${SEALING_KEY_BYTES} bytes in base64 (openssl rand -base64 32); the entry "${KEY_ID.test(id) ? id : '…'}" is not.`);
      return null;
    }
    if (keys.has(id)) problems.push(`SEALING_KEYS names the key id "${id}" twice.`);
    keys.set(id, key);
  }
  if (keys.size === 0) {
    problems.push('SEALING_KEYS holds no key.');
    return null;
  }
  const current = currentId ?? (keys.size === 1 ? [...keys.keys()][0]! : null);
  if (current === null || !keys.has(current)) {
    problems.push(current === null ? 'SEALING_KEY_ID must name the key of SEALING_KEYS that seals new answers.' : `SEALING_KEY_ID "${current}" is not a key id of SEALING_KEYS.`);
    return null;
  }
  return { currentId: current, keys };
}

/** Seals and opens the sensitive answers of one applicant's question at a time. */
export function createAnswerSealer(sealing: SealingKeys) {
  function seal(accountId: string, answerKey: string, clear: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, sealing.keys.get(sealing.currentId)!, iv);
    cipher.setAAD(additionalData(accountId, answerKey));
    const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${[sealing.currentId, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':')}`;
  }

  /** The clear value of a sealed one; a value stored before sealing began (clear) is returned as it is. */
  function open(accountId: string, answerKey: string, stored: string): string {
    if (!isSealed(stored)) return stored;
    const [keyId = '', iv = '', ciphertext = '', tag = '', ...rest] = stored.slice(SEALED_PREFIX.length).split(':');
    const key = sealing.keys.get(keyId);
    if (!key) throw new SealingError(`The answer ${answerKey} of application ${accountId} is sealed with the key "${keyId}", which SEALING_KEYS does not hold.`);
    try {
      if (rest.length > 0) throw new Error('extra fields');
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(additionalData(accountId, answerKey));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealingError(`The answer ${answerKey} of application ${accountId} does not open with the key "${keyId}": it was altered, or sealed for another application or question.`);
    }
  }

  /**
   * A value as the store keeps it: a sensitive key's string sealed (even one that looks sealed: an
   * applicant's typing is never taken for an envelope), anything else as it is.
   */
  const sealValue = (accountId: string, answerKey: string, value: AnswerValue): AnswerValue =>
    typeof value === 'string' && value !== '' && isSensitiveKey(answerKey) ? seal(accountId, answerKey, value) : value;

  const openValue = (accountId: string, answerKey: string, value: AnswerValue): AnswerValue =>
    typeof value === 'string' && isSensitiveKey(answerKey) ? open(accountId, answerKey, value) : value;

  const each = (change: (accountId: string, answerKey: string, value: AnswerValue) => AnswerValue) => (accountId: string, answers: Answers): Answers => {
    const changed: Answers = { ...answers };
    for (const [key, value] of Object.entries(answers)) changed[key] = change(accountId, key, value);
    return changed;
  };

  return {
    currentKeyId: sealing.currentId,
    seal,
    open,
    sealValue,
    openValue,
    /** The answers with every sensitive string sealed. */
    sealAnswers: each(sealValue),
    /** The answers with every sealed one opened. */
    openAnswers: each(openValue),
    /** Whether a stored value needs sealing or resealing with the current key. */
    needsResealing: (value: string) => !isSealed(value) || sealedKeyId(value) !== sealing.currentId,
  };
}

export type AnswerSealer = ReturnType<typeof createAnswerSealer>;
