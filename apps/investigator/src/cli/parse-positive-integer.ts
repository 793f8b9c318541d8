import { InvalidArgumentError } from 'commander';

/** A commander argument parser for a positive integer, naming what it found otherwise. */
export function parsePositiveInteger(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw new InvalidArgumentError(`expected a positive integer, found ${JSON.stringify(value)}`);
  }
  return number;
}
