import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SEALING_KEYS_REQUIRED } from '../../../../backend/platform/config';
import { configProblems as problemsOf } from '../config-problems';
import { createAnswerSealer, isSealed, sealedKeyId, SealingError } from '../../../../backend/security/sealed-answers';
import { parseSealingKeys, type SealingKeys } from '../../../../backend/platform/sealing-settings';
import { answerSealerFor, SEALING_KEY_FILE } from '../../../../backend/security/sealing-keys';

const ACCOUNT = '6f1c2d4e-0000-4000-8000-000000000001';
const OTHER_ACCOUNT = '6f1c2d4e-0000-4000-8000-000000000002';
const SSN = '123-45-6789';
const keyText = () => randomBytes(32).toString('base64');
const keysOf = (list: string, current: string | null = null): SealingKeys => {
  const problems: string[] = [];
  const keys = parseSealingKeys(list, current, problems);
  expect(problems).toEqual([]);
  return keys!;
};

describe('sealed answers (AES-256-GCM)', () => {
  const first = `first:${keyText()}`;
  const second = `second:${keyText()}`;

  it('seals a value into an envelope naming its key, with no digit of it in clear, and opens it again', () => {
    const sealer = createAnswerSealer(keysOf(first));
    const sealed = sealer.seal(ACCOUNT, 'ssn', SSN);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).toMatch(/^sealed:v1:first:[\w-]{16}:[\w-]+:[\w-]{22}$/);
    expect(sealed).not.toContain('6789');
    expect(sealer.seal(ACCOUNT, 'ssn', SSN)).not.toBe(sealed);
    expect(sealer.open(ACCOUNT, 'ssn', sealed)).toBe(SSN);
    expect(sealedKeyId(sealed)).toBe('first');
  });

  it('does not open a value moved to another applicant or question, or altered', () => {
    const sealer = createAnswerSealer(keysOf(first));
    const sealed = sealer.seal(ACCOUNT, 'ssn', SSN);
    expect(() => sealer.open(OTHER_ACCOUNT, 'ssn', sealed)).toThrow(SealingError);
    expect(() => sealer.open(ACCOUNT, 'first_name', sealed)).toThrow(/sealed for another application or question/);
    const altered = `${sealed.slice(0, -30)}${sealed.at(-30) === 'A' ? 'B' : 'A'}${sealed.slice(-29)}`;
    expect(() => sealer.open(ACCOUNT, 'ssn', altered)).toThrow(SealingError);
  });

  it('names the missing key when a value was sealed with a key no longer configured, never the value', () => {
    const sealed = createAnswerSealer(keysOf(first)).seal(ACCOUNT, 'ssn', SSN);
    const error = (() => {
      try {
        createAnswerSealer(keysOf(second)).open(ACCOUNT, 'ssn', sealed);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a SealingError');
    })();
    expect(error).toBeInstanceOf(SealingError);
    expect(error.message).toBe(`The answer ssn of application ${ACCOUNT} is sealed with the key "first", which SEALING_KEYS does not hold.`);
    expect(error.message).not.toMatch(/6789/);
  });

  it('rotates: with a new current key, older values still open and are marked for resealing', () => {
    const old = createAnswerSealer(keysOf(first));
    const sealed = old.seal(ACCOUNT, 'ssn', SSN);
    const rotated = createAnswerSealer(keysOf(`${first},${second}`, 'second'));
    expect(rotated.needsResealing(sealed)).toBe(true);
    expect(rotated.needsResealing(SSN)).toBe(true);
    const resealed = rotated.seal(ACCOUNT, 'ssn', rotated.open(ACCOUNT, 'ssn', sealed));
    expect(sealedKeyId(resealed)).toBe('second');
    expect(rotated.needsResealing(resealed)).toBe(false);
    expect(rotated.open(ACCOUNT, 'ssn', resealed)).toBe(SSN);
  });

  it('seals only the sensitive keys of a set of answers, and only strings', () => {
    const sealer = createAnswerSealer(keysOf(first));
    const sealed = sealer.sealAnswers(ACCOUNT, { ssn: SSN, first_name: 'Ada', accented_name_checkbox: true, middle_name: null });
    expect(sealed).toMatchObject({ first_name: 'Ada', accented_name_checkbox: true, middle_name: null });
    expect(isSealed(sealed.ssn)).toBe(true);
    expect(sealer.openAnswers(ACCOUNT, sealed)).toEqual({ ssn: SSN, first_name: 'Ada', accented_name_checkbox: true, middle_name: null });
    // An applicant who types an envelope gets it sealed like any other text.
    const typed = sealer.seal(OTHER_ACCOUNT, 'ssn', SSN);
    expect(sealer.openValue(ACCOUNT, 'ssn', sealer.sealValue(ACCOUNT, 'ssn', typed))).toBe(typed);
  });

  it('reads SEALING_KEYS and SEALING_KEY_ID, naming each bad setting without the keys', () => {
    const config = loadConfig({ SEALING_KEYS: `${first},${second}`, SEALING_KEY_ID: 'second' });
    expect(config.sealing?.currentId).toBe('second');
    expect([...config.sealing!.keys.keys()]).toEqual(['first', 'second']);
    expect(loadConfig({ SEALING_KEYS: first }).sealing?.currentId).toBe('first');
    expect(problemsOf({ SEALING_KEYS: `${first},${second}` })).toContain('SEALING_KEY_ID must name the key');
    expect(problemsOf({ SEALING_KEYS: first, SEALING_KEY_ID: 'third' })).toContain('SEALING_KEY_ID "third" is not a key id of SEALING_KEYS.');
    const short = problemsOf({ SEALING_KEYS: 'weak:c2hvcnQ=' });
    expect(short).toContain('each key 32 bytes in base64');
    expect(short).not.toContain('c2hvcnQ=');
    expect(problemsOf({ SEALING_KEY_ID: 'first' })).toContain('SEALING_KEY_ID is set but SEALING_KEYS is not.');
  });

  it('refuses to start production without SEALING_KEYS; development makes a key in DATA_DIR and says where', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(SEALING_KEYS_REQUIRED);
    expect(loadConfig({ NODE_ENV: 'production', SEALING_KEYS: first }).sealing).not.toBeNull();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-sealing-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const created: string[] = [];
      const sealer = answerSealerFor(config, (file) => created.push(file));
      const file = path.join(dataDir, SEALING_KEY_FILE);
      expect(created).toEqual([file]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const sealed = sealer.seal(ACCOUNT, 'ssn', SSN);
      // A restart reads the same key, and says nothing.
      const again = answerSealerFor(config, (made) => created.push(made));
      expect(created).toHaveLength(1);
      expect(again.open(ACCOUNT, 'ssn', sealed)).toBe(SSN);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
