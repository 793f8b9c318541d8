/**
 * `text` cut to about `maxCharacters`: its head and its tail, with `[… N characters cut …]` in between
 * saying how much went. Unchanged when it fits.
 *
 * @example
 * cutText('a'.repeat(100), 40); // 'aaaa…(20)\n[… 60 characters cut …]\n…aaaa(20)'
 */
export function cutText(
  text: string,
  maxCharacters: number,
  { headShare = 0.5 }: { headShare?: number } = {},
): string {
  if (text.length <= maxCharacters) return text;
  const keep = Math.max(0, Math.floor(maxCharacters));
  const head = Math.floor(keep * headShare);
  const tail = keep - head;
  const cut = text.length - keep;
  return `${text.slice(0, head)}\n[… ${cut} characters cut …]\n${tail > 0 ? text.slice(text.length - tail) : ''}`;
}
