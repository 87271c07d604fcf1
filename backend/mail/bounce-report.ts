// Delivery status notifications (RFC 3464, RFC 6522): what a mail server sends back to the envelope
// sender when it could not deliver a mail after the relay accepted it. Read here without a MIME
// library: only the report's headers, its parts' boundaries and the delivery-status fields matter.

/** One recipient's outcome in a report. */
export interface RecipientOutcome {
  finalRecipient: string | null;
  action: string;
  status: string;
  diagnostic: string | null;
}

/** What a bounce tells: to whom it came back, the outbox mail ids it quotes, and each recipient's outcome. */
export interface BounceReport {
  /** To, Delivered-To and X-Original-To of the report itself: the envelope sender it came back to. */
  returnedTo: string[];
  /** X-Gradapp-Mail-Id values in the returned message's headers. */
  quotedMailIds: string[];
  recipients: RecipientOutcome[];
}

/** The header naming the outbox mail in every mail sent; a bounce usually quotes it back. */
export const MAIL_ID_HEADER = 'X-Gradapp-Mail-Id';

interface Part {
  headers: Map<string, string[]>;
  body: string;
}

/** Nested multiparts deeper than this are not a report (a hostile body cannot recurse for long). */
const MAX_DEPTH = 5;

function splitPart(text: string): Part {
  const match = /\r?\n\r?\n/.exec(text);
  const head = match ? text.slice(0, match.index) : text;
  const body = match ? text.slice(match.index + match[0].length) : '';
  return { headers: parseHeaders(head), body };
}

/** Header fields by lower-case name, folded lines joined (RFC 5322 section 2.2.3). */
export function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

const first = (headers: Map<string, string[]>, name: string) => headers.get(name)?.[0] ?? '';

/** A Content-Type's media type and one of its parameters. */
function contentType(headers: Map<string, string[]>): { type: string; boundary: string | null } {
  const value = first(headers, 'content-type');
  const type = value.split(';')[0]!.trim().toLowerCase();
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(value);
  return { type, boundary: boundary ? (boundary[1] ?? boundary[2]!) : null };
}

function decoded(part: Part): string {
  const encoding = first(part.headers, 'content-transfer-encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return part.body;
}

/** Every leaf part of a message, multiparts opened down to MAX_DEPTH. */
function leaves(part: Part, depth = 0): Part[] {
  const { type, boundary } = contentType(part.headers);
  if (!type.startsWith('multipart/') || boundary === null || depth >= MAX_DEPTH) return [part];
  const delimiter = `--${boundary}`;
  const pieces = part.body.split(/\r?\n/).reduce<string[][]>((acc, line) => {
    if (line.trimEnd() === delimiter || line.trimEnd() === `${delimiter}--`) acc.push([]);
    else acc[acc.length - 1]?.push(line);
    return acc;
  }, []);
  // The closing delimiter opens an empty piece (the epilogue's): dropped with the other empty ones.
  return pieces.filter((lines) => lines.some((line) => line.trim() !== '')).flatMap((lines) => leaves(splitPart(lines.join('\n')), depth + 1));
}

/** The value after a field's type ("rfc822; a@b" → "a@b", "smtp; 550 ..." → "550 ..."). */
const typed = (value: string) => value.replace(/^[\w-]+\s*;\s*/, '').trim();

/** An enhanced status code (RFC 3463) standing alone in a text: "550 5.1.1 User unknown" → "5.1.1". */
const ENHANCED_STATUS = /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.])/;

/**
 * The Action's value without a comment: real servers write "failed (bad destination mailbox
 * address)". OpenSMTPD writes "error" for a failure (GNU Mailman's bounce detector reads it so).
 */
function actionOf(value: string): string {
  const action = value.toLowerCase().split(/[\s(]/)[0]!;
  return action === 'error' ? 'failed' : action;
}

function outcomes(statusText: string): RecipientOutcome[] {
  return statusText
    .split(/\r?\n[ \t]*\r?\n/)
    .map(parseHeaders)
    .filter((fields) => fields.has('action') && (fields.has('status') || fields.has('diagnostic-code')))
    .map((fields) => {
      const diagnostic = fields.has('diagnostic-code') ? typed(first(fields, 'diagnostic-code')) : null;
      // A gateway that leaves out the Status still names it in its diagnostic ("SMTP; 550 5.1.1 User unknown").
      const status = fields.has('status') ? first(fields, 'status').split(/\s/)[0]! : (ENHANCED_STATUS.exec(diagnostic ?? '')?.[1] ?? '');
      return { finalRecipient: fields.has('final-recipient') ? typed(first(fields, 'final-recipient')) : null, action: actionOf(first(fields, 'action')), status, diagnostic };
    })
    .filter(({ status }) => status !== '');
}

const isStatusPart = (part: Part) => /^message\/(global-)?delivery-status$/.test(contentType(part.headers).type);
const isReturnedMessage = (part: Part) => /^(text\/rfc822-headers|message\/rfc822)$/.test(contentType(part.headers).type);

/** A report and how it came: the messages from the bounce down to the report, and the report's parts. */
interface FoundReport {
  chain: Part[];
  parts: Part[];
}

/**
 * The report in `message`: the message itself, or a report a gateway forwarded as an attached
 * message (message/rfc822), one level of attachment a step, at most MAX_DEPTH steps.
 */
function findReport(message: Part, depth = 0): FoundReport | null {
  if (!contentType(message.headers).type.startsWith('multipart/')) return null;
  const parts = leaves(message);
  if (parts.some(isStatusPart)) return { chain: [message], parts };
  if (depth >= MAX_DEPTH) return null;
  for (const attached of parts.filter((part) => contentType(part.headers).type === 'message/rfc822')) {
    const found = findReport(splitPart(decoded(attached)), depth + 1);
    if (found) return { chain: [message, ...found.chain], parts: found.parts };
  }
  return null;
}

/**
 * Reads a bounce: a multipart report (or one forwarded as an attachment) whose delivery-status
 * part names at least one recipient's Action and Status (or a diagnostic with a status code).
 * Anything else is not a delivery report (null).
 */
export function parseBounceReport(raw: string): BounceReport | null {
  const found = findReport(splitPart(raw));
  if (!found) return null;
  const { chain, parts } = found;
  const recipients = outcomes(decoded(parts.find(isStatusPart)!));
  if (recipients.length === 0) return null;
  // A forwarded report came back to its own To as well as the forward's.
  const returnedTo = chain.flatMap((message) => ['to', 'delivered-to', 'x-original-to'].flatMap((name) => message.headers.get(name) ?? []));
  const quotedMailIds = parts
    .filter(isReturnedMessage)
    .flatMap((part) => parseHeaders(decoded(part).split(/\r?\n\r?\n/)[0]!).get(MAIL_ID_HEADER.toLowerCase()) ?? []);
  return { returnedTo, quotedMailIds, recipients };
}

/** A permanent failure: the server gave up on the recipient (Action: failed) with a 5.x.x status. */
export function permanentFailure(report: BounceReport): RecipientOutcome | undefined {
  return report.recipients.find((recipient) => recipient.action === 'failed' && /^5\.\d{1,3}\.\d{1,3}$/.test(recipient.status));
}

/** What the checklist and the outbox keep of a failure: one line of text, short, no control characters. */
export function describeFailure(outcome: RecipientOutcome): string {
  const text = `${outcome.status} ${outcome.diagnostic ?? 'The recipient\u2019s mail server refused the message.'}`;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '').replace(/\s+/g, ' ').trim().slice(0, 300);
}
