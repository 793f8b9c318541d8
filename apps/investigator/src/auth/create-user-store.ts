import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type Actor, createAuditLog } from '../audit/index.js';
import { rowsOf } from '../store/rows-of.js';
import { hashPassword } from './hash-password.js';
import { PermissionError } from './permission-error.js';
import { parseRole, type Role, roleAllows, roles } from './role.js';
import type { User } from './user.js';
import { UserInputError } from './user-input-error.js';
import { verifyPassword } from './verify-password.js';

interface UserRow {
  name: string;
  role: Role;
  password_hash: string | null;
  oidc_subject: string | null;
  disabled: boolean;
  created_at: Date | string;
}

/** The users of an investigator store. Every change is written to the audit log with who made it. */
export interface UserStore {
  /** Adds a user; the first user of a store must be an admin. */
  add(input: { name: string; role: Role; password?: string | undefined; by: Actor }): Promise<User>;
  list(): Promise<User[]>;
  /** The user, or `undefined`. */
  get(name: string): Promise<User | undefined>;
  setRole(input: { name: string; role: Role; by: Actor }): Promise<User>;
  setPassword(input: { name: string; password: string; by: Actor }): Promise<User>;
  /** Disables (or enables again) a user; a disabled user's sessions stop working at their next request. */
  setDisabled(input: { name: string; disabled: boolean; by: Actor }): Promise<User>;
  /** The active user `name` when `password` is theirs, else `undefined` (the same for every failure). */
  verify(name: string, password: string): Promise<User | undefined>;
  /**
   * The active user a single sign-on names: the one linked to `subject`, else the unlinked user called
   * `username` (then linked to `subject` from now on), else `undefined`.
   */
  signInOidc(input: { subject: string; username: string | undefined }): Promise<User | undefined>;
  count(): Promise<number>;
}

const minimumPassword = 12;
const userColumns = sql.raw('name, role, password_hash, oidc_subject, disabled, created_at');

/**
 * The users of an investigator store (`investigator_users`): name, role (`viewer`, `analyst`, `admin`), an
 * argon2id password hash (`hashPassword`) or none (single sign-on only), the OpenID Connect subject they
 * are linked to, disabled or not. A name is 1–64 letters, digits, `.`, `_`, `@` or `-`; a password has at
 * least 12 characters.
 *
 * @example
 * const users = createUserStore(store);
 * await users.add({ name: 'jane', role: 'analyst', password: 'a long passphrase', by: { name: 'admin', via: 'cli' } });
 */
export function createUserStore(store: DrizzleStore): UserStore {
  const audit = createAuditLog(store);
  const one = async (name: string) =>
    rowsOf<UserRow>(
      await store.db.execute(sql`select ${userColumns} from investigator_users where name = ${name}`),
    )[0];
  const existing = async (name: string) => {
    const row = await one(name);
    if (row === undefined)
      throw new UserInputError({ input: 'user', expected: 'an existing user', found: JSON.stringify(name) });
    return row;
  };
  const checkPassword = (password: string) => {
    if (password.length < minimumPassword) {
      throw new UserInputError({
        input: 'password',
        expected: `at least ${minimumPassword} characters`,
        found: `${password.length}`,
      });
    }
  };
  const change = async (
    name: string,
    by: Actor,
    action: string,
    set: (tx: DrizzleStore['db']) => Promise<void>,
    shown: (row: UserRow) => unknown,
  ) => {
    const before = await existing(name);
    await store.transaction(async (tx) => {
      await set(tx as DrizzleStore['db']);
      const after = rowsOf<UserRow>(
        await tx.execute(sql`select ${userColumns} from investigator_users where name = ${name}`),
      )[0];
      if (after === undefined) throw new Error(`user ${name} vanished`);
      await audit.record(tx, {
        actor: by,
        action,
        target: `user:${name}`,
        before: shown(before),
        after: shown(after),
      });
    });
    return userFromRow(await existing(name));
  };
  return {
    async add({ name, role, password, by }) {
      if (!/^[A-Za-z0-9._@-]{1,64}$/.test(name)) {
        throw new UserInputError({
          input: 'user name',
          expected: '1–64 letters, digits, ".", "_", "@" or "-"',
          found: JSON.stringify(name),
        });
      }
      if (parseRole(role) === undefined) {
        throw new UserInputError({
          input: 'role',
          expected: `one of ${roles.join(', ')}`,
          found: JSON.stringify(role),
        });
      }
      if (password !== undefined) checkPassword(password);
      if ((await this.count()) === 0 && !roleAllows(role, 'admin')) {
        throw new UserInputError({
          input: 'role',
          expected: 'admin for the first user of a store',
          found: role,
        });
      }
      if ((await one(name)) !== undefined) {
        throw new UserInputError({
          input: 'user name',
          expected: 'a name no user has',
          found: JSON.stringify(name),
        });
      }
      const passwordHash = password === undefined ? null : await hashPassword(password);
      await store.transaction(async (tx) => {
        await tx.execute(
          sql`insert into investigator_users (name, role, password_hash) values (${name}, ${role}, ${passwordHash})`,
        );
        await audit.record(tx, {
          actor: by,
          action: 'user.add',
          target: `user:${name}`,
          after: { role, password: password !== undefined },
        });
      });
      return userFromRow(await existing(name));
    },
    async list() {
      return rowsOf<UserRow>(
        await store.db.execute(sql`select ${userColumns} from investigator_users order by name`),
      ).map(userFromRow);
    },
    async get(name) {
      const row = await one(name);
      return row === undefined ? undefined : userFromRow(row);
    },
    setRole({ name, role, by }) {
      if (parseRole(role) === undefined) {
        throw new UserInputError({
          input: 'role',
          expected: `one of ${roles.join(', ')}`,
          found: JSON.stringify(role),
        });
      }
      return change(
        name,
        by,
        'user.role',
        (tx) =>
          tx
            .execute(sql`update investigator_users set role = ${role} where name = ${name}`)
            .then(() => undefined),
        (row) => row.role,
      );
    },
    async setPassword({ name, password, by }) {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return change(
        name,
        by,
        'user.password',
        (tx) =>
          tx
            .execute(sql`update investigator_users set password_hash = ${passwordHash} where name = ${name}`)
            .then(() => undefined),
        (row) => ({ password: row.password_hash !== null }),
      );
    },
    setDisabled({ name, disabled, by }) {
      if (by.name === name && disabled) {
        throw new PermissionError({
          user: name,
          need: 'admin',
          action: 'disabling yourself',
          why: 'another admin must do it',
        });
      }
      return change(
        name,
        by,
        disabled ? 'user.disable' : 'user.enable',
        (tx) =>
          tx
            .execute(sql`update investigator_users set disabled = ${disabled} where name = ${name}`)
            .then(() => undefined),
        (row) => ({ disabled: row.disabled }),
      );
    },
    async verify(name, password) {
      const row = await one(name);
      // The same work whether or not the user exists, so timing does not tell which names do.
      const stored = row?.password_hash ?? dummyHash;
      const ok = await verifyPassword(password, stored);
      return ok && row !== undefined && row.password_hash !== null && !row.disabled
        ? userFromRow(row)
        : undefined;
    },
    async signInOidc({ subject, username }) {
      const linked = rowsOf<UserRow>(
        await store.db.execute(
          sql`select ${userColumns} from investigator_users where oidc_subject = ${subject}`,
        ),
      )[0];
      if (linked !== undefined) return linked.disabled ? undefined : userFromRow(linked);
      if (username === undefined) return undefined;
      const row = await one(username);
      if (row === undefined || row.disabled || row.oidc_subject !== null) return undefined;
      await store.db.execute(
        sql`update investigator_users set oidc_subject = ${subject} where name = ${username} and oidc_subject is null`,
      );
      return userFromRow({ ...row, oidc_subject: subject });
    },
    async count() {
      return Number(
        rowsOf<{ n: number | string }>(
          await store.db.execute(sql`select count(*)::int as n from investigator_users`),
        )[0]?.n ?? 0,
      );
    },
  };
}

// A fixed argon2id hash of a random password, verified when a name is unknown (equal work either way).
const dummyHash =
  '$argon2id$v=19$m=65536,t=3,p=4$4mscKY/qM4RNoiTYYoFw3A$60MGnNnECgtW/QTZLw1qYKuSunRFOJxbCT9A47aCM2U';

function userFromRow(row: UserRow): User {
  return {
    name: row.name,
    role: row.role,
    hasPassword: row.password_hash !== null,
    ...(row.oidc_subject === null ? {} : { oidcSubject: row.oidc_subject }),
    disabled: row.disabled,
    createdAt: new Date(row.created_at),
  };
}
