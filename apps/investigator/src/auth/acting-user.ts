import { userInfo } from 'node:os';
import type { DrizzleStore } from 'kioku/store/drizzle';
import type { Actor } from '../audit/index.js';
import { createUserStore } from './create-user-store.js';
import { PermissionError } from './permission-error.js';
import { type Role, roleAllows } from './role.js';

/**
 * Who a CLI command acts as, checked against the store's users: the user `name` (`--as`, else
 * `INVESTIGATOR_USER`) must exist, be active and have the role `need` or above, or a `PermissionError`
 * says why not. A store without users is single-user: the command acts as `name`, else the operating
 * system's user, with every role (the first `investigator users add` must add an admin, which ends it).
 * The CLI works on the store directly, so this check attributes and guards actions; it is no boundary
 * against someone who holds the store's files or database credentials.
 *
 * @example
 * const by = await actingUser({ store, name: options.as, need: 'analyst', action: 'resolve' });
 */
export async function actingUser({
  store,
  name,
  need,
  action,
}: {
  store: DrizzleStore;
  name: string | undefined;
  need: Role;
  action: string;
}): Promise<Actor> {
  const users = createUserStore(store);
  const given = name?.trim() === '' ? undefined : name?.trim();
  if ((await users.count()) === 0) return { name: given ?? userInfo().username, via: 'cli' };
  if (given === undefined) {
    throw new PermissionError({
      user: '',
      need,
      action,
      why: 'name yourself with --as <user> or INVESTIGATOR_USER',
    });
  }
  const user = await users.get(given);
  if (user === undefined || user.disabled) {
    throw new PermissionError({
      user: given,
      need,
      action,
      why: `${given} is not an active user of this store`,
    });
  }
  if (!roleAllows(user.role, need)) {
    throw new PermissionError({ user: given, need, action, why: `${given} is a ${user.role}` });
  }
  return { name: user.name, via: 'cli' };
}
