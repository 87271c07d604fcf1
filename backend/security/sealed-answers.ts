import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AnswerValue, Answers } from '../../common/api';
import { isSensitiveKey, sensitiveKeys } from '../../common/form/model';
import type { SealingKeys } from '../platform/sealing-settings';

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

  // Only the sensitive keys can change: the copy's other answers are the same values, so only
  // those keys are visited (every save and profile read opens a whole application).
  const each = (change: (accountId: string, answerKey: string, value: AnswerValue) => AnswerValue) => (accountId: string, answers: Answers): Answers => {
    const changed: Answers = { ...answers };
    for (const key of sensitiveKeys) if (Object.hasOwn(answers, key)) changed[key] = change(accountId, key, answers[key]!);
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
