import { InvalidArgumentError } from 'commander';

/**
 * A commander argument parser for a whole number written in decimal digits (an optional `-`), at least
 * `min`: `1e3`, `0x10`, `1.0`, ` 7` and `+7` are refused, where `Number` would read them as 1000, 16, 1, 7
 * and 7. `what` names the argument in the error.
 */
export function parseInteger(
  what: string,
  { min = Number.MIN_SAFE_INTEGER }: { min?: number } = {},
): (value: string) => number {
  return (value: string) => {
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min) {
      const range =
        min === 1 ? 'a positive whole number' : min === 0 ? 'a whole number ≥ 0' : 'a whole number';
      throw new InvalidArgumentError(
        `${what} must be ${range} in decimal digits, found ${JSON.stringify(value)}.`,
      );
    }
    return parsed;
  };
}
