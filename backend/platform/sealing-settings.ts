/** The bytes of a sealing key (AES-256). */
export const SEALING_KEY_BYTES = 32;
/** A key id: short, and never containing the sealed envelope's separator (backend/security/sealed-answers.ts). */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The keys that open sealed answers, by id, and the id new values are sealed with. */
export interface SealingKeys {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

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

