import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';

/**
 * The local store's presigned-POST policy, shaped like S3's: a base64 JSON document with an
 * expiration and conditions, and an HMAC-SHA256 signature over that base64 text. The form carries
 * `key`, `policy`, `x-amz-algorithm` and `x-amz-signature`; the file comes last as `file`. Real
 * S3 derives its signing key from credentials, date and region (SigV4); here the key is the
 * store's secret, so the algorithm has its own name.
 */
export const POLICY_ALGORITHM = 'GRADAPP-HMAC-SHA256';
export const LOCAL_BUCKET = 'local';

export type PolicyCondition = Record<string, string> | ['eq' | 'starts-with', string, string] | ['content-length-range', number, number];

export interface PolicyDocument {
  /** ISO 8601 time after which the form is refused. */
  expiration: string;
  conditions: PolicyCondition[];
}

export interface PostGrant {
  key: string;
  minBytes: number;
  maxBytes: number;
}

export const policyMessages = {
  unsigned: 'The upload is not signed. Request a new upload URL and send all of its fields before the file.',
  badSignature: "The upload's signature does not match its policy.",
  badPolicy: "The upload's policy cannot be read.",
  expired: "The upload's policy has expired. Request a new upload URL.",
  mismatch: (field: string) => `The form field "${field}" does not match the upload's policy.`,
  extraField: (field: string) => `The form field "${field}" is not allowed by the upload's policy.`,
  unsupported: "The upload's policy has a condition this store does not support.",
} as const;

export function signPolicy(secret: string, grant: PostGrant, expiresAt: number): Record<string, string> {
  const document: PolicyDocument = {
    expiration: new Date(expiresAt).toISOString(),
    conditions: [
      { bucket: LOCAL_BUCKET },
      ['eq', '$key', grant.key],
      ['content-length-range', grant.minBytes, grant.maxBytes],
      { 'x-amz-algorithm': POLICY_ALGORITHM },
    ],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return { key: grant.key, policy, 'x-amz-algorithm': POLICY_ALGORITHM, 'x-amz-signature': sign(secret, policy) };
}

/** Form fields that the policy itself does not need to name (S3 exempts the same ones). */
const EXEMPT_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

/**
 * Checks the form fields sent before the file against their signed policy and returns what the
 * upload may write. Field names are compared without regard to case, as S3 does; `key` is
 * compared exactly.
 */
export function verifyPost(secret: string, fields: ReadonlyMap<string, string>, now: number): PostGrant {
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  if (!policy || !signature) throw refused(policyMessages.unsigned);
  if (!signatureMatches(sign(secret, policy), signature)) throw refused(policyMessages.badSignature);

  const document = parse(policy);
  const expiresAt = Date.parse(document.expiration);
  if (Number.isNaN(expiresAt)) throw refused(policyMessages.badPolicy);
  if (now >= expiresAt) throw refused(policyMessages.expired);

  const named = new Set<string>();
  let range: [number, number] | null = null;
  for (const condition of document.conditions) {
    if (Array.isArray(condition)) {
      if (condition[0] === 'content-length-range') {
        range = [condition[1], condition[2]];
        continue;
      }
      const [operator, subject, value] = condition;
      const field = subject.replace(/^\$/, '').toLowerCase();
      const actual = fields.get(field) ?? '';
      if (operator !== 'eq' && operator !== 'starts-with') throw refused(policyMessages.unsupported);
      if (operator === 'eq' ? actual !== value : !actual.startsWith(value)) throw refused(policyMessages.mismatch(field));
      named.add(field);
      continue;
    }
    for (const [name, value] of Object.entries(condition)) {
      const field = name.toLowerCase();
      // The bucket is where the form is posted; S3 allows the field but does not need it.
      const actual = field === 'bucket' ? (fields.get(field) ?? LOCAL_BUCKET) : fields.get(field);
      const expected = field === 'bucket' ? LOCAL_BUCKET : value;
      if (actual !== expected || value !== expected) throw refused(policyMessages.mismatch(field));
      named.add(field);
    }
  }
  for (const field of fields.keys()) {
    if (!EXEMPT_FIELDS.has(field) && !named.has(field) && !field.startsWith('x-ignore-')) throw refused(policyMessages.extraField(field));
  }
  const key = fields.get('key');
  if (!named.has('key') || !key || !range) throw refused(policyMessages.badPolicy);
  const [minBytes, maxBytes] = range;
  if (!Number.isSafeInteger(minBytes) || !Number.isSafeInteger(maxBytes) || minBytes < 0 || maxBytes < minBytes) {
    throw refused(policyMessages.badPolicy);
  }
  return { key, minBytes, maxBytes };
}

/** Policy failures are 403, as S3's AccessDenied. */
const refused = (message: string) => new HttpError(403, message);

function sign(secret: string, policy: string): string {
  return createHmac('sha256', secret).update(policy).digest('hex');
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parse(policy: string): PolicyDocument {
  try {
    const document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PolicyDocument;
    if (typeof document?.expiration === 'string' && Array.isArray(document.conditions)) return document;
  } catch {
    // reported below
  }
  throw refused(policyMessages.badPolicy);
}
