import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createHashingEmbedder, openMemory } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../../alerts/index.js';
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
      },
      proxyHeader: 'x-forwarded-user',
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
      error: { code: 'invalid_request', message: 'status: expected one of open, resolved, found "closed"' },
    });
    const since = await app.request('/api/alerts?since=yesterday', { headers: proxy });
    expect(since.status).toBe(400);
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
      contextWindow: 32_768,
      proxyHeader: 'x-forwarded-user',
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
