import { InputFormatError } from 'kioku';

/** Cause: a value looked up is not one indicator of compromise. Says what was given and what is accepted. */
export class InvalidIndicatorError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('investigator.error.invalid-indicator');
  readonly value: string;

  constructor({ value }: { value: string }) {
    super({
      name: 'InvalidIndicatorError',
      message: `${JSON.stringify(value)}: expected one indicator (IP address, domain, URL, e-mail, MD5/SHA-1/SHA-256 hash, CVE id)`,
    });
    this.value = value;
  }
}
