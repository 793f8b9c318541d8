/**
 * The compiler options of a strict consumer project that checks every declaration it imports
 * (`skipLibCheck: false`), as the public-types test and `bench/package/peer-range.mjs` type-check kioku.
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
