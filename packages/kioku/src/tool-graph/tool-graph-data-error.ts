import { InputFormatError } from '../errors/input-format-error.js';

/**
 * Saved tool-graph or parameter-filler data does not have the shape kioku wrote: says which model, where
 * in the data (a JSON path such as `$.transitions.rows[3][1]`), what was expected there and what was found.
 */
export class ToolGraphDataError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('kioku.error.tool-graph-data');
  readonly model: 'tool graph' | 'parameter filler';
  readonly location: string;
  readonly expected: string;
  readonly found: string;

  constructor({
    model,
    location,
    expected,
    found,
    cause,
  }: {
    model: 'tool graph' | 'parameter filler';
    location: string;
    expected: string;
    found: string;
    cause?: unknown;
  }) {
    super({
      name: 'ToolGraphDataError',
      message: `${model} data: at ${location}: expected ${expected}, found ${found}`,
      cause,
    });
    this.model = model;
    this.location = location;
    this.expected = expected;
    this.found = found;
  }
}
