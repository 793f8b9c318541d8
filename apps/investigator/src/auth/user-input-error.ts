import { InputFormatError } from 'kioku';

/** Cause: a user, role, password or case field given to the investigator is not what it accepts. */
export class UserInputError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('investigator.error.user-input');
  readonly input: string;

  constructor({ input, expected, found }: { input: string; expected: string; found?: string }) {
    super({
      name: 'UserInputError',
      message: `${input}: expected ${expected}${found === undefined ? '' : `, found ${found}`}`,
    });
    this.input = input;
  }
}
