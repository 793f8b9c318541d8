import { InputFormatError } from 'kioku';

/**
 * Cause: an alert (a file, stdin or a webhook body) is not what the investigator accepts. Says which input,
 * where (line and column when known) and what was expected there.
 */
export class InvalidAlertError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('investigator.error.invalid-alert');
  readonly input: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly expected: string;

  constructor({
    input,
    line,
    column,
    expected,
    found,
    cause,
  }: {
    input: string;
    line?: number;
    column?: number;
    expected: string;
    found?: string;
    cause?: unknown;
  }) {
    const at = line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`;
    super({
      name: 'InvalidAlertError',
      message: `${input}${at}: expected ${expected}${found === undefined ? '' : `, found ${found}`}`,
      cause,
    });
    this.input = input;
    this.line = line;
    this.column = column;
    this.expected = expected;
  }
}
