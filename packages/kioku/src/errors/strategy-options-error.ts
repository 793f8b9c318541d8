import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.strategy-options');

/** A strategy factory was given an option it cannot work with (a misconfiguration, thrown at build time). */
export class StrategyOptionsError extends KiokuError {
  readonly [symbol] = true;
  /** The factory, e.g. `observationMasking`. */
  readonly strategy: string;
  /** The option, e.g. `keep`. */
  readonly option: string;
  readonly value: unknown;

  constructor({
    strategy,
    option,
    value,
    expected,
  }: {
    strategy: string;
    option: string;
    value: unknown;
    expected: string;
  }) {
    super({
      name: 'StrategyOptionsError',
      message: `${strategy}: option \`${option}\` is ${JSON.stringify(value)}; expected ${expected}`,
    });
    this.strategy = strategy;
    this.option = option;
    this.value = value;
  }

  static override isInstance(error: unknown): error is StrategyOptionsError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
