import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../backend/http/errors';
import { POLICY_ALGORITHM, policyMessages, signPolicy, verifyPost } from '../../../backend/storage/post-policy';

const SECRET = 'a-storage-secret-of-at-least-32-characters';
const NOW = Date.parse('2030-01-01T12:00:00Z');
const KEY = 'uploads/account/essay_doc/0b8f4f5e-3c5e-4c2a-9a57-8a4b1d2b7c11';
const grant = { key: KEY, minBytes: 1, maxBytes: 1_048_576 };

const signed = () => new Map(Object.entries(signPolicy(SECRET, grant, NOW + 600_000)));
const decode = (policy: string) => JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).status, message: (error as HttpError).message };
  }
  throw new Error('expected a refusal');
}

describe('the local store\'s POST policy', () => {
  it('signs a policy with the expiry, the exact key and the size range', () => {
    const fields = signPolicy(SECRET, grant, NOW + 600_000);
    expect(Object.keys(fields).sort()).toEqual(['key', 'policy', 'x-amz-algorithm', 'x-amz-signature']);
    expect(fields['x-amz-algorithm']).toBe(POLICY_ALGORITHM);
    expect(fields['x-amz-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(decode(fields.policy!)).toEqual({
      expiration: '2030-01-01T12:10:00.000Z',
      conditions: [{ bucket: 'local' }, ['eq', '$key', KEY], ['content-length-range', 1, 1_048_576], { 'x-amz-algorithm': POLICY_ALGORITHM }],
    });
  });

  it('verifies its own form and returns what the upload may write', () => {
    expect(verifyPost(SECRET, signed(), NOW)).toEqual(grant);
    expect(verifyPost(SECRET, signed(), NOW + 599_999)).toEqual(grant);
  });

  it('refuses the form from the moment it expires', () => {
    expect(refusal(() => verifyPost(SECRET, signed(), NOW + 600_000))).toEqual({ status: 403, message: policyMessages.expired });
  });

  it('refuses a changed signature, a changed policy, another secret and a missing signature', () => {
    const badSignature = { status: 403, message: policyMessages.badSignature };
    const fields = signed();
    const signature = fields.get('x-amz-signature')!;
    fields.set('x-amz-signature', signature.slice(0, -1) + (signature.endsWith('a') ? 'b' : 'a'));
    expect(refusal(() => verifyPost(SECRET, fields, NOW))).toEqual(badSignature);

    const forged = signed();
    const document = decode(forged.get('policy')!);
    document.conditions[2] = ['content-length-range', 1, 1_000_000_000];
    forged.set('policy', Buffer.from(JSON.stringify(document)).toString('base64'));
    expect(refusal(() => verifyPost(SECRET, forged, NOW))).toEqual(badSignature);

    expect(refusal(() => verifyPost('another-secret-of-at-least-32-characters!', signed(), NOW))).toEqual(badSignature);

    const unsigned = signed();
    unsigned.delete('x-amz-signature');
    expect(refusal(() => verifyPost(SECRET, unsigned, NOW))).toEqual({ status: 403, message: policyMessages.unsigned });
  });

  it('refuses a key other than the policy\'s, and a field the policy does not name', () => {
    const otherKey = signed();
    otherKey.set('key', `${KEY}-2`);
    expect(refusal(() => verifyPost(SECRET, otherKey, NOW))).toEqual({ status: 403, message: policyMessages.mismatch('key') });

    const extra = signed();
    extra.set('success_action_redirect', 'https://elsewhere.example');
    expect(refusal(() => verifyPost(SECRET, extra, NOW))).toEqual({ status: 403, message: policyMessages.extraField('success_action_redirect') });

    const ignored = signed();
    ignored.set('x-ignore-note', 'anything');
    expect(verifyPost(SECRET, ignored, NOW)).toEqual(grant);
  });

  it('refuses another algorithm', () => {
    const fields = signed();
    fields.set('x-amz-algorithm', 'AWS4-HMAC-SHA256');
    expect(refusal(() => verifyPost(SECRET, fields, NOW))).toEqual({ status: 403, message: policyMessages.mismatch('x-amz-algorithm') });
  });
});
