import { StrategyOptionsError } from '../../errors/strategy-options-error.js';

/** Throws `StrategyOptionsError` unless `value` is an integer of at least `min`. */
export function checkCount({
  strategy,
  option,
  value,
  min = 0,
}: {
  strategy: string;
  option: string;
  value: number;
  min?: number;
}): void {
  if (!Number.isInteger(value) || value < min) {
    throw new StrategyOptionsError({ strategy, option, value, expected: `an integer of at least ${min}` });
  }
}

/** Throws `StrategyOptionsError` unless `value` is a number in `[min, max]` (a fraction by default). */
export function checkFraction({
  strategy,
  option,
  value,
  min = 0,
  max = 1,
}: {
  strategy: string;
  option: string;
  value: number;
  min?: number;
  max?: number;
}): void {
  if (!(value >= min && value <= max)) {
    throw new StrategyOptionsError({ strategy, option, value, expected: `a number from ${min} to ${max}` });
  }
}
