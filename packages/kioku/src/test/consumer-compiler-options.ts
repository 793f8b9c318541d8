/**
 * The compiler options of a strict consumer project that checks every declaration it imports
 * (`skipLibCheck: false`), as the public-types test type-checks kioku (`bench/package/peer-range.mjs`
 * states the same options for the packed package).
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
