export { type SplitByFractionOptions, splitByFraction } from './split-by-fraction.js';
export { type SplitEveryNTurnsOptions, splitEveryNTurns } from './split-every-n-turns.js';
