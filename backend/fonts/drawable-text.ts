/**
 * Text as it is drawn: a tab is a space, and control characters (which no font draws and no
 * reader shows) are dropped, as is a soft hyphen (shown only where a line breaks at it, which our
 * line breaking never does). Every other character is kept as typed, joiners included: Persian
 * and Indic spelling depends on them.
 */
export function drawableText(text: string): string {
  return text.replace(/\t/g, ' ').replace(/[\p{Cc}\u00ad]/gu, '');
}
