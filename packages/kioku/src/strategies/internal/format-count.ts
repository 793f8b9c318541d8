const format = new Intl.NumberFormat('en-US');

/** `3412` → `3,412`, the same on every machine (placeholders must not depend on the locale). */
export function formatCount(count: number): string {
  return format.format(count);
}
