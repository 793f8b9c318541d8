import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/rows-of.js';
import { createLoginSessions, type LoginSessions, type SignInMethod } from './create-login-sessions.js';
import { createUserStore, type UserStore } from './create-user-store.js';
import type { Role } from './role.js';
import { verifyAdminToken } from './verify-admin-token.js';

/** Options of {@link createConsoleAuth}. */
export interface CreateConsoleAuthOptions {
  /** The investigator store holding users, sessions and the admin token's hash (`ensureAdminToken`). */
  store: DrizzleStore;
  /**
   * A header a reverse proxy sets to the signed-in user's name (e.g. `x-forwarded-user`); off by default.
   * Turn it on only when the proxy is the sole way to reach the console (it strips the header from clients).
   */
  proxyHeader?: string | undefined;
  /** The role of a proxy-named user who is not a user of the store (default `viewer`). */
  proxyRole?: Role;
  /** How long a sign-in lasts, in milliseconds (default 12 hours). */
  sessionMs?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** Who a request acts for, how that was established, and what they may do. */
export interface ConsoleUser {
  name: string;
  via: SignInMethod | 'proxy';
  /** Read from the store at every request: never from anything the client sends. */
  role: Role;
}

/** The console's access checks. */
export interface ConsoleAuth {
  /** A new session's id (for the cookie) when `token` is the admin token, else `undefined`. */
  loginToken(token: string): Promise<string | undefined>;
  /** A new session's id when `password` is the active user `name`'s, else `undefined`. */
  loginPassword(name: string, password: string): Promise<string | undefined>;
  /** A new session's id for a user single sign-on identified (`users.signInOidc`). */
  loginUser(name: string, via: SignInMethod): Promise<string>;
  /** Ends a session. */
  logout(sessionId: string): Promise<void>;
  /**
   * The user of a request, from its session cookie's value or the proxy header; `undefined` when neither,
   * when the session expired or was revoked, when its user was disabled, or when the admin token was reset
   * since a token session signed in.
   */
  user(input: {
    sessionId?: string | undefined;
    header: (name: string) => string | undefined;
  }): Promise<ConsoleUser | undefined>;
  readonly proxyHeader: string | undefined;
  readonly users: UserStore;
  readonly sessions: LoginSessions;
}

/**
 * The web console's sign-in: the admin token (checked against its scrypt hash; signs in the built-in
 * `admin`), a user's password (argon2id), single sign-on (the caller verified the identity) or a trusted
 * reverse proxy's header. Sessions are kept in the store (`createLoginSessions`): revocable, and each
 * request reads the user's role and state afresh, so a role change or a disabled user takes effect at once.
 *
 * @example
 * const auth = createConsoleAuth({ store, proxyHeader: 'x-forwarded-user' });
 */
export function createConsoleAuth({
  store,
  proxyHeader,
  proxyRole = 'viewer',
  sessionMs,
  now,
}: CreateConsoleAuthOptions): ConsoleAuth {
  const users = createUserStore(store);
  const sessions = createLoginSessions({
    store,
    ...(sessionMs === undefined ? {} : { sessionMs }),
    ...(now === undefined ? {} : { now }),
  });
  const storedHash = async () =>
    rowsOf<{ token_hash: string }>(
      await store.db.execute(sql`select token_hash from investigator_console_admin where id = 1`),
    )[0]?.token_hash;
  const header = proxyHeader?.toLowerCase();
  return {
    proxyHeader: header,
    users,
    sessions,
    async loginToken(token) {
      const stored = await storedHash();
      if (stored === undefined || !(await verifyAdminToken(token, stored))) return undefined;
      return sessions.open({ userName: 'admin', via: 'token', tokenHash: stored });
    },
    async loginPassword(name, password) {
      const user = await users.verify(name, password);
      return user === undefined ? undefined : sessions.open({ userName: user.name, via: 'password' });
    },
    loginUser: (name, via) => sessions.open({ userName: name, via }),
    async logout(sessionId) {
      await sessions.revoke({ sessionId });
    },
    async user({ sessionId, header: read }) {
      if (header !== undefined) {
        const name = read(header)?.trim();
        if (name !== undefined && name !== '') {
          const known = await users.get(name);
          if (known?.disabled === true) return undefined;
          return { name, via: 'proxy', role: known?.role ?? proxyRole };
        }
      }
      if (sessionId === undefined || sessionId === '') return undefined;
      const session = await sessions.find(sessionId);
      if (session === undefined) return undefined;
      if (session.via === 'token') {
        if (session.tokenHash !== (await storedHash())) {
          await sessions.revoke({ handle: session.handle });
          return undefined;
        }
        return { name: session.userName, via: 'token', role: 'admin' };
      }
      const user = await users.get(session.userName);
      if (user === undefined || user.disabled) return undefined;
      return { name: user.name, via: session.via, role: user.role };
    },
  };
}
