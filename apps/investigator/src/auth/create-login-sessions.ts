import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/rows-of.js';

/** How a session was signed in. */
export type SignInMethod = 'token' | 'password' | 'oidc';

/** A live sign-in session, as {@link LoginSessions.find} and `list` give it (never its id). */
export interface LoginSession {
  /** The SHA-256 of the session id (base64url): how an admin names a session to revoke it. */
  handle: string;
  userName: string;
  via: SignInMethod;
  /** The admin token's hash a `token` session signed in with (a reset ends it). */
  tokenHash?: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The console's sign-in sessions, kept in the store (they survive a restart; revoking one is immediate). */
export interface LoginSessions {
  /** A new session's id (for the cookie; only its SHA-256 is stored). */
  open(input: { userName: string; via: SignInMethod; tokenHash?: string }): Promise<string>;
  /** The live session with this id: not expired, not revoked. */
  find(sessionId: string): Promise<LoginSession | undefined>;
  /** Revokes a session by its id (sign-out) or its handle (an admin); true when a live one was revoked. */
  revoke(input: { sessionId: string } | { handle: string }): Promise<boolean>;
  /** Revokes every live session of a user; how many. */
  revokeUser(userName: string): Promise<number>;
  /** Live sessions, newest first. */
  list(): Promise<LoginSession[]>;
}

interface SessionRow {
  id_hash: string;
  user_name: string;
  via: SignInMethod;
  token_hash: string | null;
  created_at: Date | string;
  expires_at: Date | string;
}

/**
 * Sign-in sessions in `investigator_login_sessions`: a random 32-byte id goes in the cookie, only its
 * SHA-256 is stored; a session ends at `sessionMs` (default 12 hours), at sign-out or when revoked.
 *
 * @example
 * const sessions = createLoginSessions({ store });
 * const id = await sessions.open({ userName: 'jane', via: 'password' });
 */
export function createLoginSessions({
  store,
  sessionMs = 12 * 60 * 60 * 1000,
  now = Date.now,
}: {
  store: DrizzleStore;
  /** How long a session lasts, in milliseconds (default 12 hours). */
  sessionMs?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}): LoginSessions {
  const digest = (id: string) => createHash('sha256').update(id).digest('base64url');
  const at = () => new Date(now()).toISOString();
  const columns = sql.raw('id_hash, user_name, via, token_hash, created_at, expires_at');
  return {
    async open({ userName, via, tokenHash }) {
      const id = randomBytes(32).toString('base64url');
      await store.db.execute(sql`insert into investigator_login_sessions (id_hash, user_name, via, token_hash, created_at, expires_at)
        values (${digest(id)}, ${userName}, ${via}, ${tokenHash ?? null}, ${at()}::timestamptz, ${new Date(now() + sessionMs).toISOString()}::timestamptz)`);
      return id;
    },
    async find(sessionId) {
      const [row] = rowsOf<SessionRow>(
        await store.db.execute(sql`select ${columns} from investigator_login_sessions
          where id_hash = ${digest(sessionId)} and revoked_at is null and expires_at > ${at()}::timestamptz`),
      );
      return row === undefined ? undefined : sessionFromRow(row);
    },
    async revoke(input) {
      const handle = 'handle' in input ? input.handle : digest(input.sessionId);
      const rows = rowsOf<{ id_hash: string }>(
        await store.db.execute(sql`update investigator_login_sessions set revoked_at = ${at()}::timestamptz
          where id_hash = ${handle} and revoked_at is null returning id_hash`),
      );
      return rows.length > 0;
    },
    async revokeUser(userName) {
      return rowsOf(
        await store.db.execute(sql`update investigator_login_sessions set revoked_at = ${at()}::timestamptz
          where user_name = ${userName} and revoked_at is null returning id_hash`),
      ).length;
    },
    async list() {
      return rowsOf<SessionRow>(
        await store.db.execute(
          sql`select ${columns} from investigator_login_sessions where revoked_at is null and expires_at > ${at()}::timestamptz order by created_at desc`,
        ),
      ).map(sessionFromRow);
    },
  };
}

function sessionFromRow(row: SessionRow): LoginSession {
  return {
    handle: row.id_hash,
    userName: row.user_name,
    via: row.via,
    ...(row.token_hash === null ? {} : { tokenHash: row.token_hash }),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}
