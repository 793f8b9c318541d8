/**
 * The compiler options of a strict consumer project that checks every declaration it imports
 * (`skipLibCheck: false`), as kioku's public-types test and `bench/package/peer-range.mjs` type-check kioku;
 * check your own package's declarations with them.
 *
 * @example
 * writeFileSync('tsconfig.json', JSON.stringify({ compilerOptions: consumerCompilerOptions, files: ['consumer.ts'] }));
 */
export const consumerCompilerOptions = {
  strict: true,
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  target: 'ES2023',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  skipLibCheck: false,
  noEmit: true,
} as const;
