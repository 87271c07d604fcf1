import { SERVICE_TOKEN_PARAM } from '../../common/token-api';

/**
 * Service links the staff viewer opens: `gradapp://open?service_token=<token>` (registered with
 * the operating system) or the web link the token commands print, `<app url>/?service_token=`.
 * Whatever arrives, the viewer only ever loads the canonical link it builds itself on the
 * application's origin, so a crafted link cannot point it anywhere else.
 */
export const DEEP_LINK_SCHEME = 'gradapp';
const DEEP_LINK_PREFIX = `${DEEP_LINK_SCHEME}://`;

/** The backend's token format: 32 random bytes, base64url (backend/access-tokens). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ServiceLink = { ok: true; url: URL } | { ok: false; message: string };

export function parseServiceLink(text: string, appUrl: URL): ServiceLink {
  const trimmed = text.trim();
  let link: URL;
  try {
    link = new URL(trimmed);
  } catch {
    return refuse('This is not a link.');
  }
  if (link.username || link.password || link.hash) return refuse('This link carries parts a service link never has.');

  if (link.protocol === `${DEEP_LINK_SCHEME}:`) {
    // gradapp://open?... parses with host "open"; anything after it is not ours.
    if (link.host !== 'open' || (link.pathname !== '' && link.pathname !== '/')) {
      return refuse('This gradapp:// link is not a service link (expected gradapp://open?service_token=...).');
    }
  } else if (link.protocol === 'https:' || link.protocol === 'http:') {
    if (link.origin !== appUrl.origin) return refuse(`This link is not for ${appUrl.origin}.`);
  } else {
    return refuse('This is not a service link.');
  }

  const keys = [...link.searchParams.keys()];
  const tokens = link.searchParams.getAll(SERVICE_TOKEN_PARAM);
  const token = tokens[0];
  if (tokens.length !== 1 || !token) return refuse('This link carries no service token.');
  if (link.protocol === `${DEEP_LINK_SCHEME}:` && keys.length !== 1) return refuse('This gradapp:// link carries more than a service token.');
  if (!TOKEN_PATTERN.test(token)) return refuse('The service token in this link is malformed.');

  const url = new URL('/', appUrl);
  url.searchParams.set(SERVICE_TOKEN_PARAM, token);
  return { ok: true, url };
}

/** The gradapp:// link in a command line (first launch on Windows and Linux, or a second instance's). */
export function findDeepLink(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(DEEP_LINK_PREFIX));
}

function refuse(message: string): ServiceLink {
  return { ok: false, message };
}
