/** The roles of the console's and the CLI's users, least first. */
export const roles = ['viewer', 'analyst', 'admin'] as const;
/**
 * What a user may do: a `viewer` reads; an `analyst` also works cases (resolve, reopen, assign, tag,
 * comment, merge, chat) and approves tools; an `admin` also manages users, sessions and reads the audit log.
 */
export type Role = (typeof roles)[number];

/** True when `role` is `need` or above it. */
export function roleAllows(role: Role, need: Role): boolean {
  return roles.indexOf(role) >= roles.indexOf(need);
}

/** `value` as a role, or `undefined` when it names none. */
export function parseRole(value: unknown): Role | undefined {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
    ? (value as Role)
    : undefined;
}
