// Made on first use: building a NumberFormat loads ICU's locale data (~15 ms), which `import('kioku')`
// should not pay for.
let format: Intl.NumberFormat | undefined;

/** `3412` → `3,412`, the same on every machine (placeholders must not depend on the locale). */
export function formatCount(count: number): string {
  format ??= new Intl.NumberFormat('en-US');
  return format.format(count);
}
