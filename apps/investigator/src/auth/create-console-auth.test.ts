import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInvestigatorStore } from '../store/index.js';
import { rowsOf } from '../store/rows-of.js';
import { createConsoleAuth } from './create-console-auth.js';
import { ensureAdminToken } from './ensure-admin-token.js';
import { hashAdminToken } from './hash-admin-token.js';
import { resetAdminToken } from './reset-admin-token.js';
import { verifyAdminToken } from './verify-admin-token.js';

describe('the console sign-in', () => {
  let store: DrizzleStore;
  let token: string;
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    token = (await ensureAdminToken(store)) ?? '';
  });
  afterAll(async () => {
    await store?.close();
  });

  it('generates the admin token once and stores only its scrypt hash', async () => {
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await ensureAdminToken(store)).toBeUndefined();
    const rows = rowsOf<{ token_hash: string }>(
      await store.db.execute(sql`select token_hash from investigator_console_admin`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('verifies a token against its hash, and nothing else', async () => {
    const stored = hashAdminToken('correct horse battery staple');
    expect(await verifyAdminToken('correct horse battery staple', stored)).toBe(true);
    expect(await verifyAdminToken('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyAdminToken('correct horse battery staple', 'plain-text')).toBe(false);
    expect(hashAdminToken('same')).not.toBe(hashAdminToken('same'));
  });

  it('opens a session for the admin token only, until it expires or the user signs out', async () => {
    let clock = 1_000;
    const auth = createConsoleAuth({ store, sessionMs: 60_000, now: () => clock });
    const none = () => undefined;
    expect(await auth.loginToken('wrong')).toBeUndefined();
    const session = (await auth.loginToken(token)) ?? '';
    expect(await auth.user({ sessionId: session, header: none })).toEqual({
      name: 'admin',
      via: 'token',
      role: 'admin',
    });
    expect(await auth.user({ sessionId: `${session}x`, header: none })).toBeUndefined();
    expect(await auth.user({ sessionId: undefined, header: none })).toBeUndefined();
    clock += 60_000;
    expect(await auth.user({ sessionId: session, header: none })).toBeUndefined();
    const again = (await auth.loginToken(token)) ?? '';
    await auth.logout(again);
    expect(await auth.user({ sessionId: again, header: none })).toBeUndefined();
  });

  it('ends every session signed in with the old token when the token is reset', async () => {
    const other = await openInvestigatorStore({ location: 'memory://' });
    try {
      const first = (await ensureAdminToken(other)) ?? '';
      const auth = createConsoleAuth({ store: other });
      const none = () => undefined;
      const session = (await auth.loginToken(first)) ?? '';
      expect(await auth.user({ sessionId: session, header: none })).toBeDefined();
      const second = await resetAdminToken(other);
      expect(second).toMatch(/^[\w-]{43}$/);
      expect(second).not.toBe(first);
      expect(await auth.user({ sessionId: session, header: none })).toBeUndefined();
      expect(await auth.loginToken(first)).toBeUndefined();
      const renewed = (await auth.loginToken(second)) ?? '';
      expect(await auth.user({ sessionId: renewed, header: none })).toEqual({
        name: 'admin',
        via: 'token',
        role: 'admin',
      });
      const rows = rowsOf<{ token_hash: string }>(
        await other.db.execute(sql`select token_hash from investigator_console_admin`),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).not.toContain(second);
      expect(await verifyAdminToken(second, rows[0]?.token_hash ?? '')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('trusts a reverse proxy header only when configured, with the role of the store user it names', async () => {
    const header = (name: string) => (name === 'x-forwarded-user' ? 'analyst@example.org' : undefined);
    expect(await createConsoleAuth({ store }).user({ sessionId: undefined, header })).toBeUndefined();
    const proxied = createConsoleAuth({ store, proxyHeader: 'X-Forwarded-User' });
    expect(await proxied.user({ sessionId: undefined, header })).toEqual({
      name: 'analyst@example.org',
      via: 'proxy',
      role: 'viewer',
    });
    expect(await proxied.user({ sessionId: undefined, header: () => '  ' })).toBeUndefined();
    await proxied.users.add({ name: 'root', role: 'admin', by: { name: 'admin', via: 'token' } });
    await proxied.users.add({
      name: 'analyst@example.org',
      role: 'analyst',
      by: { name: 'root', via: 'cli' },
    });
    expect((await proxied.user({ sessionId: undefined, header }))?.role).toBe('analyst');
  });

  it('signs users in by password with their stored role, read at every request, until revoked or disabled', async () => {
    const other = await openInvestigatorStore({ location: 'memory://' });
    try {
      const auth = createConsoleAuth({ store: other });
      const none = () => undefined;
      const by = { name: 'setup', via: 'cli' };
      await expect(
        auth.users.add({ name: 'vic', role: 'viewer', password: 'a long passphrase', by }),
      ).rejects.toThrow(/role: expected admin for the first user of a store/);
      await auth.users.add({ name: 'ada', role: 'admin', password: 'correct horse battery', by });
      await auth.users.add({ name: 'vic', role: 'viewer', password: 'a long passphrase', by });
      await expect(auth.users.add({ name: 'eve', role: 'viewer', password: 'short', by })).rejects.toThrow(
        /password: expected at least 12 characters, found 5/,
      );
      await expect(auth.users.add({ name: 'bad name', role: 'viewer', by })).rejects.toThrow(
        /user name: expected/,
      );
      expect(await auth.loginPassword('vic', 'a long passphrasE')).toBeUndefined();
      expect(await auth.loginPassword('nobody', 'a long passphrase')).toBeUndefined();
      const session = (await auth.loginPassword('vic', 'a long passphrase')) ?? '';
      expect(await auth.user({ sessionId: session, header: none })).toEqual({
        name: 'vic',
        via: 'password',
        role: 'viewer',
      });
      await auth.users.setRole({ name: 'vic', role: 'analyst', by: { name: 'ada', via: 'password' } });
      expect((await auth.user({ sessionId: session, header: none }))?.role).toBe('analyst');
      const [live] = await auth.sessions.list();
      expect(live?.userName).toBe('vic');
      expect(await auth.sessions.revoke({ handle: live?.handle ?? '' })).toBe(true);
      expect(await auth.user({ sessionId: session, header: none })).toBeUndefined();
      const again = (await auth.loginPassword('vic', 'a long passphrase')) ?? '';
      await auth.users.setDisabled({ name: 'vic', disabled: true, by: { name: 'ada', via: 'password' } });
      expect(await auth.user({ sessionId: again, header: none })).toBeUndefined();
      expect(await auth.loginPassword('vic', 'a long passphrase')).toBeUndefined();
      const stored = rowsOf<{ password_hash: string }>(
        await other.db.execute(sql`select password_hash from investigator_users where name = 'vic'`),
      );
      expect(stored[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    } finally {
      await other.close();
    }
  });
});
