import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.model-overrides');

/**
 * A model override file cannot be used: unreadable, not JSON, or not the expected shape. Says which file,
 * where in it (a JSON path such as `$.models["deepseek-chat"].pricePerMillionTokens.input`, or a line and
 * column) and what was expected there.
 */
export class ModelOverridesError extends KiokuError {
  readonly [symbol] = true;
  readonly file: string;
  readonly location: string;
  readonly expected: string;

  constructor({
    file,
    location,
    expected,
    found,
    cause,
  }: { file: string; location: string; expected: string; found?: string; cause?: unknown }) {
    const foundText = found === undefined ? '' : `, found ${found}`;
    super({
      name: 'ModelOverridesError',
      message: `${file}: at ${location}: expected ${expected}${foundText}`,
      cause,
    });
    this.file = file;
    this.location = location;
    this.expected = expected;
  }

  static override isInstance(error: unknown): error is ModelOverridesError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
