import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createHashingEmbedder, openMemory } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlertStore, ingestAlert } from '../../alerts/index.js';
import { createConsoleAuth, createSignInThrottle, ensureAdminToken } from '../../auth/index.js';
import { createIntelFeeds, createThreatIntel } from '../../intel/index.js';
import { openInvestigatorStore } from '../../store/index.js';
import { rowsOf } from '../../store/rows-of.js';
import { createConsoleServer } from './create-console-server.js';
import { recordRecalls } from './record-recalls.js';

const proxy = { 'x-forwarded-user': 'analyst@example.org' };
const write = { ...proxy, 'x-investigator-console': '1', 'content-type': 'application/json' };

describe('the console API (behind a reverse proxy header)', () => {
  let store: DrizzleStore;
  let app: Hono;
  const ids: string[] = [];
  const web = mkdtempSync(join(tmpdir(), 'investigator-web-'));
  beforeAll(async () => {
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Investigator</title>');
    store = await openInvestigatorStore({ location: 'memory://' });
    const alerts = createAlertStore(store);
    for (const raw of [
      '{"AlertName":"Log4Shell exploitation","Severity":"High","host":"UBUNTU5"}',
      '{"AlertName":"Port scan","Severity":"Low","host":"MKT01"}',
    ]) {
      const alert = await alerts.create(
        await ingestAlert({ raw, schema: 'sentinel', embedder: createHashingEmbedder() }),
      );
      ids.push(alert.id);
    }
    app = createConsoleServer({
      store,
      token: 'a-webhook-token-of-32-characters',
      intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
      contextWindow: 32_768,
      settings: {
        model: undefined,
        logEngine: 'none',
        threatIntel: [{ name: 'AlienVault OTX', keyPresent: true }],
        embedder: 'kioku-hashing (384 dimensions)',
      },
      proxyHeader: 'x-forwarded-user',
      proxyRole: 'analyst',
      webRoot: web,
    });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('lists with filters and says which filter is wrong', async () => {
    const high = await app.request('/api/alerts?severity=high', { headers: proxy });
    expect(((await high.json()) as { alerts: { title: string }[] }).alerts.map((a) => a.title)).toEqual([
      'Log4Shell exploitation',
    ]);
    const text = await app.request('/api/alerts?text=scan', { headers: proxy });
    expect(((await text.json()) as { alerts: { raw?: string; title: string }[] }).alerts).toEqual([
      expect.not.objectContaining({ raw: expect.anything() }),
    ]);
    const bad = await app.request('/api/alerts?status=closed', { headers: proxy });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'status: expected one of open, in_progress, resolved, archived, found "closed"',
      },
    });
    const since = await app.request('/api/alerts?since=yesterday', { headers: proxy });
    expect(since.status).toBe(400);
  });

  it('pages by cursor: next, after, the total and whether it is exact; a bad cursor is a 400', async () => {
    type Page = { alerts: { id: string }[]; total: number; totalExact: boolean; next?: string };
    const get = async (query: string) => {
      const response = await app.request(`/api/alerts?${query}`, { headers: proxy });
      return {
        status: response.status,
        body: (await response.json()) as Page & { error?: { message: string } },
      };
    };
    const all = await get('limit=500');
    expect(all.body).toMatchObject({ totalExact: true });
    expect(all.body.next).toBeUndefined();
    const first = await get('limit=1');
    expect(first.body.total).toBe(all.body.total);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await get(`limit=1&after=${first.body.next}`);
    expect(second.body.alerts.map((alert) => alert.id)).toEqual([all.body.alerts[1]?.id]);
    expect((await get('limit=1&total=exact')).body).toMatchObject({
      total: all.body.total,
      totalExact: true,
    });
    const forged = await get('after=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error?.message).toMatch(/^after: expected a cursor returned as `next`/);
    expect((await get(`after=${first.body.next}&offset=2`)).status).toBe(400);
    expect((await get('total=roughly')).status).toBe(400);
  });

  it('bulk-resolves as the signed-in analyst, and refuses an incomplete request', async () => {
    const incomplete = await app.request('/api/alerts/resolve', {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ ids, conclusion: 'benign' }),
    });
    expect(incomplete.status).toBe(400);
    expect((await createAlertStore(store).get(ids[0] ?? '')).status).toBe('open');
    const resolved = await app.request('/api/alerts/resolve', {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ ids, conclusion: 'false_positive', reason: 'lab test' }),
    });
    expect(resolved.status).toBe(200);
    for (const id of ids) {
      expect((await createAlertStore(store).get(id)).resolution).toMatchObject({
        conclusion: 'false_positive',
        by: 'analyst@example.org',
      });
    }
    const again = await app.request('/api/alerts/resolve', {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ ids: ids.slice(0, 1), conclusion: 'benign', reason: 'again' }),
    });
    expect(again.status).toBe(409);
    const unknown = await app.request('/api/alerts/nope', { headers: proxy });
    expect(unknown.status).toBe(404);
  });

  it('answers the chat with 503 when no model is configured, and shows an empty context', async () => {
    const chat = await app.request(`/api/alerts/${ids[0]}/chat`, {
      method: 'POST',
      headers: write,
      body: JSON.stringify({ message: 'What happened?' }),
    });
    expect(chat.status).toBe(503);
    const context = await app.request(`/api/alerts/${ids[0]}/context`, { headers: proxy });
    expect(await context.json()).toMatchObject({ window: 32_768, points: [], compactions: [], turns: 0 });
  });

  it('accepts a state change from its own host through a TLS proxy, refuses one from another site', async () => {
    const from = (origin: string) =>
      app.request('http://127.0.0.1:8787/api/logout', {
        method: 'POST',
        headers: { ...write, host: '127.0.0.1:8787', 'x-forwarded-host': 'soc.example.org', origin },
      });
    expect((await from('https://soc.example.org')).status).toBe(200);
    expect((await from('https://127.0.0.1:8787')).status).toBe(200);
    expect((await from('https://evil.example')).status).toBe(403);
    expect((await from('null')).status).toBe(403);
  });

  it('lists and deletes memories', async () => {
    const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace: 'logs_run' });
    await memory.learn({ request: 'decode the payload', claims: ['payloads are base64 in SyslogMessage'] });
    const recalled = await memory.recall({ request: 'decode the payload', threshold: -1 });
    await recordRecalls(store)({ namespace: 'logs_run', request: 'decode the payload on UBUNTU5', recalled });
    const listed = (await (await app.request('/api/memory', { headers: proxy })).json()) as {
      namespaces: {
        namespace: string;
        memories: { id: number; claim: string; request: string; recalledBy: { request: string }[] }[];
      }[];
    };
    const [entry] = listed.namespaces[0]?.memories ?? [];
    expect(entry).toMatchObject({
      claim: 'payloads are base64 in SyslogMessage',
      request: 'decode the payload',
      recalledBy: [{ request: 'decode the payload on UBUNTU5', at: expect.any(String) }],
    });
    const deleted = await app.request(`/api/memory/logs_run/${entry?.id}`, {
      method: 'DELETE',
      headers: write,
    });
    expect(deleted.status).toBe(200);
    expect(await memory.count()).toBe(0);
    const recalls = rowsOf<{ n: number }>(
      await store.db.execute(sql`select count(*)::int as n from investigator_memory_recalls`),
    );
    expect(recalls[0]?.n).toBe(0);
    const missing = await app.request(`/api/memory/logs_run/${entry?.id}`, {
      method: 'DELETE',
      headers: write,
    });
    expect(missing.status).toBe(404);
  });

  it('shows settings without secrets, serves the app with a strict content policy', async () => {
    const settings = await app.request('/api/settings', { headers: proxy });
    expect(await settings.json()).toEqual({
      model: null,
      logEngine: 'none',
      threatIntel: [{ name: 'AlienVault OTX', keyPresent: true }],
      embedder: 'kioku-hashing (384 dimensions)',
      contextWindow: 32_768,
      proxyHeader: 'x-forwarded-user',
      singleSignOn: false,
      notifications: false,
    });
    const page = await app.request('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Investigator</title>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const none = await app.request('/api/alerts');
    expect(none.status).toBe(401);
  });
});

describe('the console sign-in with the admin token, throttled (route level)', () => {
  let store: DrizzleStore;
  let adminToken: string;
  const web = mkdtempSync(join(tmpdir(), 'investigator-web-'));
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    adminToken = (await ensureAdminToken(store)) ?? '';
  });
  afterAll(async () => {
    await store?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const consoleApp = (options: Partial<Parameters<typeof createConsoleServer>[0]>) =>
    createConsoleServer({
      store,
      token: 'a-webhook-token-of-32-characters',
      intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
      contextWindow: 32_768,
      settings: { model: undefined, logEngine: 'none', threatIntel: [] },
      webRoot: web,
      ...options,
    });
  // What @hono/node-server hands each request: the TCP peer the sign-in comes from.
  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
  const login = (app: Hono, token: string, address: string, forwardedFor?: string) =>
    app.request(
      '/api/login',
      {
        method: 'POST',
        headers: {
          'x-investigator-console': '1',
          'content-type': 'application/json',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
        body: JSON.stringify({ token }),
      },
      from(address),
    );

  it('counts failures by the TCP peer and ignores X-Forwarded-For unless trustProxy is set', async () => {
    const limits = {
      perClient: { failures: 2, windowMs: 60_000 },
      global: { failures: 100, windowMs: 60_000 },
    };
    // Default: a client cannot dodge its limit by sending a new X-Forwarded-For each time.
    const direct = consoleApp({ signInThrottle: createSignInThrottle(limits) });
    expect((await login(direct, 'guess', '203.0.113.7', '198.51.100.1')).status).toBe(401);
    expect((await login(direct, 'guess', '203.0.113.7', '198.51.100.2')).status).toBe(401);
    expect((await login(direct, adminToken, '203.0.113.7', '198.51.100.3')).status).toBe(429);
    // Behind one trusted proxy (10.0.0.2), two clients are counted apart: one's failures do not lock out the other.
    const proxied = consoleApp({ signInThrottle: createSignInThrottle(limits), trustProxy: 1 });
    expect((await login(proxied, 'guess', '10.0.0.2', 'spoofed, 198.51.100.1')).status).toBe(401);
    expect((await login(proxied, 'guess', '10.0.0.2', 'spoofed, 198.51.100.1')).status).toBe(401);
    expect((await login(proxied, adminToken, '10.0.0.2', '198.51.100.1')).status).toBe(429);
    expect((await login(proxied, adminToken, '10.0.0.2', '198.51.100.2')).status).toBe(200);
  });

  it('reads X-Forwarded-Host for the same-origin check only behind a configured proxy', async () => {
    const logout = (app: Hono) =>
      app.request('http://127.0.0.1:8787/api/logout', {
        method: 'POST',
        headers: {
          'x-investigator-console': '1',
          host: '127.0.0.1:8787',
          'x-forwarded-host': 'evil.example',
          origin: 'https://evil.example',
        },
      });
    // Direct: any client can send X-Forwarded-Host, so it cannot make another site's origin the console's.
    expect((await logout(consoleApp({}))).status).toBe(403);
    expect((await logout(consoleApp({ trustProxy: 1 }))).status).not.toBe(403);
  });

  it('answers 429 with Retry-After to an address after its failures, until the window passes', async () => {
    let clock = 0;
    const app = consoleApp({
      signInThrottle: createSignInThrottle({
        perClient: { failures: 3, windowMs: 60_000 },
        global: { failures: 10, windowMs: 60_000 },
        now: () => clock,
      }),
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(app, 'not-the-token', '203.0.113.7')).status).toBe(401);
    }
    clock = 15_000;
    const throttled = await login(app, adminToken, '203.0.113.7');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('45');
    expect(throttled.headers.get('set-cookie')).toBeNull();
    expect(await throttled.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'too many failed sign-ins from this address; try again in 45 s',
      },
    });
    // Another address still signs in; the throttled one does once its failures leave the window.
    expect((await login(app, adminToken, '198.51.100.1')).status).toBe(200);
    clock = 60_000;
    const again = await login(app, adminToken, '203.0.113.7');
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toMatch(/investigator_session=/);
  });

  it('answers 429 to every address once failures from many addresses pass the global limit', async () => {
    let clock = 0;
    const app = consoleApp({
      signInThrottle: createSignInThrottle({
        perClient: { failures: 3, windowMs: 60_000 },
        global: { failures: 4, windowMs: 60_000 },
        now: () => clock,
      }),
    });
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      expect((await login(app, 'guess', address)).status).toBe(401);
    }
    clock = 20_000;
    const throttled = await login(app, adminToken, '198.51.100.1');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('40');
    expect(((await throttled.json()) as { error: { message: string } }).error.message).toBe(
      'too many failed sign-ins to this console; try again in 40 s',
    );
    clock = 60_000;
    expect((await login(app, adminToken, '198.51.100.1')).status).toBe(200);
  });

  it('verifies at most the bounded number of tokens at once; the others get 429 without a verification', async () => {
    const real = createConsoleAuth({ store });
    let verifications = 0;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const auth = {
      ...real,
      loginToken: async (token: string) => {
        verifications += 1;
        await gate;
        return real.loginToken(token);
      },
    };
    const app = consoleApp({ auth, signInThrottle: createSignInThrottle({ maxVerifications: 2 }) });
    const first = login(app, 'guess-1', '192.0.2.10');
    const second = login(app, 'guess-2', '192.0.2.11');
    await vi.waitFor(() => expect(verifications).toBe(2));
    const busy = await login(app, adminToken, '192.0.2.12');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(((await busy.json()) as { error: { message: string } }).error.message).toBe(
      'other sign-ins are being verified; try again in 1 s',
    );
    expect(verifications).toBe(2);
    open();
    expect((await first).status).toBe(401);
    expect((await second).status).toBe(401);
    expect((await login(app, adminToken, '192.0.2.12')).status).toBe(200);
    expect(verifications).toBe(3);
  });

  it('refuses an oversized sign-in body with 413 before verifying it', async () => {
    const app = consoleApp({});
    const response = await login(app, 'x'.repeat(5000), '192.0.2.20');
    expect(response.status).toBe(413);
  });
});
