/**
 * The form memory stores and checks a text in: Unicode NFKC (full-width and compatibility letters made
 * plain), with format characters (`\p{Cf}`: zero-width spaces and joiners, bidi controls, soft hyphens)
 * and Unicode tag characters (U+E0000–U+E007F) removed. What is checked is what is stored, so nothing
 * hidden can pass the checks and then reach a prompt.
 *
 * @example
 * normalizeMemoryText('Ig\u200bnore'); // 'Ignore'
 */
export function normalizeMemoryText(text: string): string {
  return text.normalize('NFKC').replace(/[\p{Cf}\u{E0000}-\u{E007F}]/gu, '');
}
