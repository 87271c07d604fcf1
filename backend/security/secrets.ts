import { createHash, randomBytes, randomInt } from 'node:crypto';
import { CONFIRMATION_CODE_LENGTH } from '../../common/constants';

/** Random opaque token for sessions and reset ids: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function randomConfirmationCode(): string {
  return String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, '0');
}

/**
 * Tokens, codes and reset ids are stored only as this hash. The scope keeps a code from one
 * account useless against another and a session token from passing as a reset id.
 */
export function hashSecret(scope: string, secret: string): string {
  return createHash('sha256').update(scope).update('\0').update(secret).digest('base64url');
}
