import { ConfigurationError } from 'kioku';

/** Cause: the alert is not in a state that allows this (resolving twice, merging into itself…). */
export class AlertStateError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.alert-state');
  readonly id: string;

  constructor({ id, message }: { id: string; message: string }) {
    super({ name: 'AlertStateError', message: `alert ${id}: ${message}` });
    this.id = id;
  }
}
