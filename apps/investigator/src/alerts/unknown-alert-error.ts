import { ConfigurationError } from 'kioku';

/** Cause: no alert has this id (or the operation does not apply to it). Says which and what to do. */
export class UnknownAlertError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.unknown-alert');
  readonly id: string;

  constructor({ id, message }: { id: string; message?: string }) {
    super({
      name: 'UnknownAlertError',
      message: message ?? `no alert ${JSON.stringify(id)} in this store; \`investigator list\` shows the ids`,
    });
    this.id = id;
  }
}
