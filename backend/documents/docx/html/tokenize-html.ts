export type HtmlToken =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; attributes: Record<string, string>; selfClosing: boolean }
  | { kind: 'close'; name: string };

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * Tokens of well-formed HTML such as mammoth writes: tags, text (entities decoded) and nothing
 * else; comments are skipped and a `<` that starts no tag is text. Not a general HTML parser.
 */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let text = '';
  let at = 0;
  const flushText = () => {
    if (text) tokens.push({ kind: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (at < html.length) {
    const next = html.indexOf('<', at);
    if (next < 0) {
      text += html.slice(at);
      break;
    }
    text += html.slice(at, next);
    if (html.startsWith('<!--', next)) {
      const end = html.indexOf('-->', next + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    TAG.lastIndex = next;
    const tag = TAG.exec(html);
    if (!tag) {
      text += '<';
      at = next + 1;
      continue;
    }
    flushText();
    const name = tag[2]!.toLowerCase();
    tokens.push(tag[1] ? { kind: 'close', name } : { kind: 'open', name, attributes: readAttributes(tag[3] ?? ''), selfClosing: tag[4] === '/' });
    at = TAG.lastIndex;
  }
  flushText();
  return tokens;
}
