/**
 * Which characters a string the server takes may hold (issue 24, "text is text"): no control
 * character, no unpaired surrogate. Tab, line feed and carriage return only where the field is
 * multi-line (an answer of a textarea question, `isMultiLineKey`). The one rule for every field,
 * every route and both stores (docs/decisions.md, "Text is text").
 */

/**
 * C0 controls (U+0000 to U+001F), DEL (U+007F), C1 controls (U+0080 to U+009F), and unpaired
 * surrogates: with the `u` flag a pair is one code point (an emoji), so only a lone half matches.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this module is for
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/u;
/** The same, with the three characters a multi-line field keeps. */
// eslint-disable-next-line no-control-regex -- as above
const NOT_MULTI_LINE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/u;

/** Whether the string holds only characters a field takes; tab and line breaks only when `multiLine`. */
export function isAllowedText(value: string, multiLine = false): boolean {
  return !(multiLine ? NOT_MULTI_LINE_TEXT : NOT_TEXT).test(value);
}

/** The string with each character that is not text shown as U+FFFD (for data stored before the check). */
export function replaceNonText(value: string, multiLine = false): string {
  return value.replace(new RegExp((multiLine ? NOT_MULTI_LINE_TEXT : NOT_TEXT).source, 'gu'), '\ufffd');
}

/** Whitespace that is a control character: a keyboard's tab, line breaks, and Word's VT, FF and NEL. */
const SPACE_LIKE = new Set(['\t', '\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085']);
/** What `asText` replaces: a CRLF as one, each character that is not text. */
const NOT_TEXT_EACH = new RegExp(`\\r\\n|${NOT_TEXT.source}`, 'gu');

/**
 * The string as text the field takes (`isAllowedText(asText(value, multiLine), multiLine)` always
 * holds, and it is never longer): what a renderer does to an answer pasted from a spreadsheet or a
 * word processor, so it never sends what the server refuses (docs/decisions.md, "Pasted text
 * becomes text"). In one line, a tab, a line break (CRLF as one), VT, FF and NEL become a space;
 * in many lines the tab stays and the others become a line feed, as a textarea reads CR and CRLF.
 * Other controls go; an unpaired surrogate becomes U+FFFD.
 */
export function asText(value: string, multiLine: boolean): string {
  if (!NOT_TEXT.test(value)) return value;
  return value.replace(NOT_TEXT_EACH, (found) => {
    if (!SPACE_LIKE.has(found)) return found >= '\ud800' ? '\ufffd' : '';
    if (!multiLine) return ' ';
    return found === '\t' ? found : '\n';
  });
}

export const textCharacterMessages = {
  /** Names the field by its label, or by its key where it has none. */
  notAllowed: (field: string) => `${field} contains a character that is not allowed.`,
} as const;
