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
    expect(await auth.login('wrong')).toBeUndefined();
    const session = (await auth.login(token)) ?? '';
    expect(await auth.user({ sessionId: session, header: none })).toEqual({ name: 'admin', via: 'login' });
    expect(await auth.user({ sessionId: `${session}x`, header: none })).toBeUndefined();
    expect(await auth.user({ sessionId: undefined, header: none })).toBeUndefined();
    clock += 60_000;
    expect(await auth.user({ sessionId: session, header: none })).toBeUndefined();
    const again = (await auth.login(token)) ?? '';
    auth.logout(again);
    expect(await auth.user({ sessionId: again, header: none })).toBeUndefined();
  });

  it('ends every session signed in with the old token when the token is reset', async () => {
    const other = await openInvestigatorStore({ location: 'memory://' });
    try {
      const first = (await ensureAdminToken(other)) ?? '';
      const auth = createConsoleAuth({ store: other });
      const none = () => undefined;
      const session = (await auth.login(first)) ?? '';
      expect(await auth.user({ sessionId: session, header: none })).toBeDefined();
      const second = await resetAdminToken(other);
      expect(second).toMatch(/^[\w-]{43}$/);
      expect(second).not.toBe(first);
      expect(await auth.user({ sessionId: session, header: none })).toBeUndefined();
      expect(await auth.login(first)).toBeUndefined();
      const renewed = (await auth.login(second)) ?? '';
      expect(await auth.user({ sessionId: renewed, header: none })).toEqual({ name: 'admin', via: 'login' });
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

  it('trusts a reverse proxy header only when configured', async () => {
    const header = (name: string) => (name === 'x-forwarded-user' ? 'analyst@example.org' : undefined);
    expect(await createConsoleAuth({ store }).user({ sessionId: undefined, header })).toBeUndefined();
    const proxied = createConsoleAuth({ store, proxyHeader: 'X-Forwarded-User' });
    expect(await proxied.user({ sessionId: undefined, header })).toEqual({
      name: 'analyst@example.org',
      via: 'proxy',
    });
    expect(await proxied.user({ sessionId: undefined, header: () => '  ' })).toBeUndefined();
  });
});
