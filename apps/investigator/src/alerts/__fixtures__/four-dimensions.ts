/** A deterministic 4-dimensional "embedding model" for tests: letters, digits, white space, length. */
export function fourDimensions(text: string): number[] {
  return [
    (text.match(/[a-z]/gi) ?? []).length,
    (text.match(/\d/g) ?? []).length,
    (text.match(/\s/g) ?? []).length,
    text.length,
  ];
}
