import type { Role } from './role.js';

/** A user of the console and the CLI (never with a password hash). */
export interface User {
  name: string;
  role: Role;
  /** Signs in with a password (else only through single sign-on). */
  hasPassword: boolean;
  /** Linked to this OpenID Connect subject at the first single sign-on. */
  oidcSubject?: string;
  disabled: boolean;
  createdAt: Date;
}
