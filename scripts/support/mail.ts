import fs from 'node:fs';
import path from 'node:path';
import { RECOMMEND_PAGE_PREFIX } from '../../common/recommendation-api';

/** The mails of a data directory's outbox (DATA_DIR/outbox, one .eml each), oldest first. */
export function readOutbox(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  return fs.existsSync(outbox)
    ? fs.readdirSync(outbox).sort().map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    : [];
}

/** Reads what the tests need out of the outbox's .eml files. */
export function decodeMailBody(eml: string): string {
  const [headers = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    // Each =XX is a byte of the UTF-8 text: decoded as bytes, so a name in any script reads as typed.
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

export function mailTo(outbox: string[], address: string): string[] {
  return outbox.filter((eml) => new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(eml));
}

export function latestCode(outbox: string[], address: string): string {
  const mails = mailTo(outbox, address);
  const code = decodeMailBody(mails.at(-1) ?? '').match(/confirmation code is: (\d{6})/)?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${address}`);
  return code;
}

export function latestResetLink(outbox: string[], address: string): URL {
  const mails = mailTo(outbox, address);
  const link = decodeMailBody(mails.at(-1) ?? '').match(/https?:\/\/\S+\/reset\?\S+/)?.[0];
  if (!link) throw new Error(`no reset link mailed to ${address}`);
  return new URL(link);
}

/**
 * Mail leaves through the outbox after the answer (backend/mail/mail-sender.ts): reads the mails
 * until `pick` finds what it looks for (it throws until then), for up to `timeoutMs`.
 */
export async function waitForMail<T>(mails: () => string[] | Promise<string[]>, pick: (mails: string[]) => T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return pick(await mails());
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * The recommender links (issue 28) mailed to the address so far, oldest first: the site's address,
 * RECOMMEND_PAGE_PREFIX and the link's 43-character token. `origin` keeps those of one site only.
 */
export function recommendLinksTo(outbox: string[], address: string, origin?: string): { url: string; token: string }[] {
  const pattern = new RegExp(`(https?://[^\\s/]+)${RECOMMEND_PAGE_PREFIX}([A-Za-z0-9_-]{43})`, 'g');
  return mailTo(outbox, address)
    .flatMap((eml) => [...decodeMailBody(eml).matchAll(pattern)])
    .filter((match) => origin === undefined || match[1] === origin)
    .map((match) => ({ url: match[0], token: match[2]! }));
}
