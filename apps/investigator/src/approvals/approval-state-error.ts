import { ConfigurationError } from 'kioku';

/** Cause: the approval does not exist, or was already decided or expired (a decision is taken once). */
export class ApprovalStateError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.approval-state');
  readonly id: string;
  readonly found: boolean;

  constructor({ id, message, found }: { id: string; message: string; found: boolean }) {
    super({ name: 'ApprovalStateError', message: `approval ${id}: ${message}` });
    this.id = id;
    this.found = found;
  }
}
