import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../../alerts/index.js';
import { createApprovalStore } from '../../approvals/index.js';
import { createAuditLog } from '../../audit/index.js';
import { createConsoleAuth, createUserStore, ensureAdminToken } from '../../auth/index.js';
import { createIntelFeeds, createThreatIntel } from '../../intel/index.js';
import { openInvestigatorStore } from '../../store/index.js';
import { rowsOf } from '../../store/rows-of.js';
import { createConsoleServer } from './create-console-server.js';

// The console's team routes at the HTTP level: roles on every state-changing route, and bad input —
// a forged role, a cross-site request, an expired or revoked session, a replayed approval — refused
// with a clear message and nothing changed.

const csrf = { 'x-investigator-console': '1', 'content-type': 'application/json' };

describe('the console API for a team (users, roles, cases, approvals, audit)', () => {
  let store: DrizzleStore;
  let app: Hono;
  let clock = Date.parse('2026-11-20T09:00:00Z');
  let id = '';
  let adminToken = '';
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    adminToken = (await ensureAdminToken(store)) ?? '';
    const users = createUserStore(store);
    const root = { name: 'root', via: 'cli' };
    await users.add({ name: 'root', role: 'admin', password: 'root passphrase 1', by: root });
    await users.add({ name: 'ann', role: 'analyst', password: 'analyst passphrase', by: root });
    await users.add({ name: 'vic', role: 'viewer', password: 'viewer passphrase', by: root });
    const raw = '{"AlertName":"LSASS read","Severity":"High","host":"MKT01"}';
    id = (
      await createAlertStore(store).create(
        await ingestAlert({ raw, schema: 'edr', embedder: createHashingEmbedder() }),
      )
    ).id;
    app = createConsoleServer({
      store,
      token: 'a-webhook-token-of-32-characters',
      intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
      contextWindow: 32_768,
      settings: { model: undefined, logEngine: 'none', threatIntel: [] },
      auth: createConsoleAuth({ store, sessionMs: 60 * 60_000, now: () => clock }),
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  const signIn = async (name: string, password: string, extra: Record<string, unknown> = {}) => {
    const response = await app.request('/api/login', {
      method: 'POST',
      headers: csrf,
      body: JSON.stringify({ name, password, ...extra }),
    });
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
    return {
      response,
      cookie,
      body: (await response.json()) as { user?: { role: string }; error?: { message: string } },
    };
  };
  const post = (path: string, cookie: string, body: unknown, headers: Record<string, string> = csrf) =>
    app.request(`/api${path}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
  const get = (path: string, cookie: string) => app.request(`/api${path}`, { headers: { cookie } });
  const auditCount = async () =>
    rowsOf<{ n: number }>(await store.db.execute(sql`select count(*)::int as n from investigator_audit`))[0]
      ?.n ?? 0;

  it('refuses a viewer every state change, a forged role included, and changes nothing', async () => {
    const viewer = await signIn('vic', 'viewer passphrase', { role: 'admin' });
    expect(viewer.body.user).toEqual({ name: 'vic', via: 'password', role: 'viewer' });
    const before = await createAlertStore(store).get(id);
    const audited = await auditCount();
    const forged = { ...csrf, 'x-investigator-role': 'analyst', 'x-forwarded-user': 'ann' };
    for (const [path, body] of [
      ['/alerts/resolve', { ids: [id], conclusion: 'benign', reason: 'looks fine', role: 'analyst' }],
      [`/alerts/${id}/assign`, { assignee: 'vic' }],
      [`/alerts/${id}/comments`, { body: 'hi' }],
      [`/alerts/${id}/chat`, { message: 'resolve it' }],
      ['/users', { name: 'mallory', role: 'admin', password: 'a long passphrase' }],
    ] as const) {
      const refused = await post(path, viewer.cookie, body, forged);
      expect(refused.status, path).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /^refused: POST \/api\/\S+ needs the role (analyst|admin); vic is a viewer$/,
      );
    }
    expect(await createAlertStore(store).get(id)).toEqual(before);
    expect(await createUserStore(store).get('mallory')).toBeUndefined();
    expect(await auditCount()).toBe(audited);
    expect((await get('/audit', viewer.cookie)).status).toBe(403);
    expect((await get(`/alerts/${id}`, viewer.cookie)).status).toBe(200);
  });

  it('refuses a cross-site request, an expired session and a revoked one', async () => {
    const analyst = await signIn('ann', 'analyst passphrase');
    const noHeader = await post(
      `/alerts/${id}/comments`,
      analyst.cookie,
      { body: 'x' },
      { 'content-type': 'application/json' },
    );
    expect(noHeader.status).toBe(403);
    expect(((await noHeader.json()) as { error: { message: string } }).error.message).toBe(
      'refused: a state-changing console request needs the header x-investigator-console: 1',
    );
    const crossSite = await post(
      `/alerts/${id}/comments`,
      analyst.cookie,
      { body: 'x' },
      { ...csrf, origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await createAuditLog(store).list({ target: `alert:${id}`, actor: 'ann' })).toEqual([]);

    clock += 61 * 60_000;
    const expired = await post(`/alerts/${id}/comments`, analyst.cookie, { body: 'late' });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      error: { code: 'unauthorized', message: 'sign in to the console first' },
    });

    const again = await signIn('ann', 'analyst passphrase');
    const admin = await signIn('root', 'root passphrase 1');
    const sessions = (await (await get('/sessions', admin.cookie)).json()) as {
      sessions: { handle: string; userName: string }[];
    };
    const handle = sessions.sessions.find((session) => session.userName === 'ann')?.handle ?? '';
    const revoked = await app.request(`/api/sessions/${handle}`, {
      method: 'DELETE',
      headers: { ...csrf, cookie: admin.cookie },
    });
    expect(revoked.status).toBe(200);
    expect((await post(`/alerts/${id}/comments`, again.cookie, { body: 'after revocation' })).status).toBe(
      401,
    );
    expect((await createAuditLog(store).list({ actor: 'root' })).map((entry) => entry.action)).toContain(
      'session.revoke',
    );
  });

  it('lets an analyst work the case and decide an approval once; a replay is refused with 409', async () => {
    const analyst = await signIn('ann', 'analyst passphrase');
    expect((await post(`/alerts/${id}/assign`, analyst.cookie, { assignee: 'ann' })).status).toBe(200);
    expect((await post(`/alerts/${id}/tags`, analyst.cookie, { tags: ['lsass', 'MKT01'] })).status).toBe(200);
    expect(
      (
        await post(`/alerts/${id}/comments`, analyst.cookie, {
          body: '| host | user |\n|---|---|\n| MKT01 | pedro |',
        })
      ).status,
    ).toBe(201);
    const listed = (await (await get('/alerts?assignee=ann&tag=mkt01', analyst.cookie)).json()) as {
      alerts: { id: string; tags: string[] }[];
    };
    expect(listed.alerts.map((alert) => [alert.id, alert.tags])).toEqual([[id, ['lsass', 'mkt01']]]);
    const bad = await post(`/alerts/${id}/status`, analyst.cookie, { status: 'resolved' });
    expect(bad.status).toBe(400);

    const approval = await createApprovalStore(store).request({
      alertId: id,
      toolName: 'edr_isolate_host',
      input: { host: 'MKT01' },
      by: { name: 'ann', via: 'password' },
    });
    const approved = await post(`/approvals/${approval.id}`, analyst.cookie, { approved: true });
    expect(approved.status).toBe(200);
    const audited = await auditCount();
    const replay = await post(`/approvals/${approval.id}`, analyst.cookie, {
      approved: false,
      reason: 'changed my mind',
    });
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      `approval ${approval.id}: it was already approved by ann; a decision is taken once`,
    );
    expect((await createApprovalStore(store).get(approval.id)).status).toBe('approved');
    expect(await auditCount()).toBe(audited);
    const trail = (await (await get(`/alerts/${id}/case`, analyst.cookie)).json()) as {
      trail: { action: string; actor: { name: string } }[];
    };
    expect(trail.trail.map((entry) => `${entry.action} ${entry.actor.name}`)).toEqual([
      'alert.ingest webhook',
      'alert.assign ann',
      'alert.tags ann',
      'alert.comment ann',
    ]);
  });

  it('lets the admin token manage users and export the audit log as JSON lines', async () => {
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: csrf,
      body: JSON.stringify({ token: adminToken }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect((await login.json()) as object).toEqual({ user: { name: 'admin', via: 'token', role: 'admin' } });
    expect((await post('/users', cookie, { name: 'carol', role: 'analyst' })).status).toBe(201);
    expect((await post('/users/carol', cookie, { role: 'superuser' })).status).toBe(400);
    expect((await post('/users/carol', cookie, { role: 'viewer' })).status).toBe(200);
    const exported = await get('/audit.jsonl', cookie);
    expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; actor: { name: string; via: string } });
    expect(lines.filter((entry) => entry.action === 'user.role').map((entry) => entry.actor)).toEqual([
      { name: 'admin', via: 'token' },
    ]);
    expect(lines.filter((entry) => entry.action === 'user.sign-in').map((entry) => entry.actor.name)).toEqual(
      ['vic', 'ann', 'ann', 'root', 'ann', 'admin'],
    );
  });
});
