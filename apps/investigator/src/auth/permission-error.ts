import { ConfigurationError } from 'kioku';
import type { Role } from './role.js';

/** Cause: the acting user's role does not allow the action (or there is no such active user). */
export class PermissionError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.permission');
  readonly user: string;
  readonly need: Role;

  constructor({ user, need, action, why }: { user: string; need: Role; action: string; why?: string }) {
    super({
      name: 'PermissionError',
      message: `${action} needs the role ${need} or above; ${why ?? `${user} has not`}`,
    });
    this.user = user;
    this.need = need;
  }
}
