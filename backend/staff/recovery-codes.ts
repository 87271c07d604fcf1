import { randomInt } from 'node:crypto';
import { hashSecret } from '../security/secrets';

/**
 * Recovery codes: ten per enrolment, each ten characters of an alphabet without look-alikes
 * (about 49 bits), shown once as `xxxxx-xxxxx` and stored only as a hash scoped to the account.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, LENGTH / 2)}-${characters.slice(LENGTH / 2)}`;
  });
}

/** The code as typed (any case, with or without its dash) to its stored hash. */
export function recoveryCodeHash(staffId: string, code: string): string {
  return hashSecret(`staff-recovery:${staffId}`, code.replace(/[\s-]/g, '').toLowerCase());
}
