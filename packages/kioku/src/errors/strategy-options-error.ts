import { ConfigurationError } from './configuration-error.js';

/** A strategy factory was given an option it cannot work with (a misconfiguration, thrown at build time). */
export class StrategyOptionsError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.strategy-options');
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
}
