/**
 * The shape of a value as a regular expression over its characters — runs of lowercase letters,
 * uppercase letters, digits and each other character — so `mia_li_3668` has the shape of `john_doe_1234`
 * and `4NQLHD` that of `ZFA04Y`. Used to find a value of the same kind in a user message.
 */
export function valueShape(value: string): string {
  const runs: string[] = [];
  for (const character of value) {
    const kind = /[a-z]/.test(character)
      ? '[a-z]+'
      : /[A-Z]/.test(character)
        ? '[A-Z]+'
        : /[0-9]/.test(character)
          ? '[0-9]+'
          : character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    if (kind !== runs.at(-1) || !kind.endsWith('+')) runs.push(kind);
  }
  return runs.join('');
}

/** The distinct tokens of `text` that have exactly the shape `shape` (whole words only). */
export function tokensOfShape(text: string, shape: string): string[] {
  const pattern = new RegExp(`(?<![A-Za-z0-9_])${shape}(?![A-Za-z0-9_])`, 'g');
  return [...new Set(text.match(pattern) ?? [])];
}
