import { connect, type Socket } from 'node:net';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../../alerts/index.js';
import { ensureAdminToken } from '../../auth/index.js';
import { createIntelFeeds, createThreatIntel } from '../../intel/index.js';
import { openInvestigatorStore } from '../../store/index.js';
import { type RunningServer, startServer } from '../start-server.js';
import { createConsoleServer } from './create-console-server.js';

const write = { 'x-investigator-console': '1', 'content-type': 'application/json' };

describe('console requests over real HTTP: slow bodies, deadlines, limits, cookies, pages', () => {
  let store: DrizzleStore;
  let server: RunningServer;
  let adminToken: string;
  let cookie: string;
  let alertId: string;
  const sockets: Socket[] = [];
  const app = (options: Partial<Parameters<typeof createConsoleServer>[0]> = {}) =>
    createConsoleServer({
      store,
      token: 'a-webhook-token-of-32-characters',
      intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
      contextWindow: 32_768,
      settings: { model: undefined, logEngine: 'none', threatIntel: [] },
      webRoot: '/nonexistent',
      ...options,
    });
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    adminToken = (await ensureAdminToken(store)) ?? '';
    const addresses = Array.from(
      { length: 120 },
      (_, i) => `198.51.${i >> 8}.${i & 255} 8.8.${i >> 8}.${i & 255}`,
    );
    const alert = await createAlertStore(store).create(
      await ingestAlert({
        raw: JSON.stringify({ title: 'many addresses', addresses: addresses.join(' ') }),
        schema: 'edr',
        embedder: createHashingEmbedder(),
      }),
    );
    alertId = alert.id;
    server = await startServer({ app: app(), port: 0, requestTimeoutMs: 1000 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.close();
    await store?.close();
  });

  /** A connection that sends a request's headers and the first byte of its body, then nothing. */
  const slowBody = (path: string, extra = '') =>
    new Promise<Socket>((resolve) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Investigator-Console: 1\r\n${extra}Content-Length: 200\r\n\r\n{`,
        );
        resolve(socket);
      });
      socket.on('error', () => {});
      sockets.push(socket);
    });
  const signIn = (token: string) =>
    fetch(`${server.url}/api/login`, { method: 'POST', headers: write, body: JSON.stringify({ token }) });

  it('lets the admin sign in while two unauthenticated clients send sign-in bodies a byte at a time', async () => {
    await slowBody('/api/login');
    await slowBody('/api/login');
    const response = await signIn(adminToken);
    expect(response.status).toBe(200);
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^investigator_session=/);
  });

  it('cuts off a signed-in client that does not finish its request within the deadline (408)', async () => {
    const socket = await slowBody('/api/alerts/resolve', `Cookie: ${cookie}\r\n`);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('limits the body of every signed-in route (413)', async () => {
    const response = await fetch(`${server.url}/api/alerts/resolve`, {
      method: 'POST',
      headers: { ...write, cookie },
      body: JSON.stringify({ ids: ['x'], conclusion: 'benign', reason: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    // The rest of the body is never read: the connection must not be reused for the next request.
    expect(response.headers.get('connection')).toBe('close');
  });

  it('marks the session cookie Secure behind a trusted TLS proxy (X-Forwarded-Proto), and only then', async () => {
    const login = (options: Partial<Parameters<typeof createConsoleServer>[0]>) =>
      app(options).request('/api/login', {
        method: 'POST',
        headers: { ...write, 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ token: adminToken }),
      });
    expect((await login({ trustProxy: 1 })).headers.get('set-cookie')).toMatch(/; Secure/);
    expect((await login({})).headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('pages the alert list with a total, and an alert’s IOCs 50 at a time', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${server.url}/api${path}`, { headers: { cookie } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await get('/alerts?limit=1')).body).toMatchObject({ total: 1, offset: 0, limit: 1 });
    expect((await get('/alerts?limit=0')).status).toBe(400);
    expect((await get('/alerts?sort=title')).status).toBe(400);
    const detail = await get(`/alerts/${alertId}`);
    const alert = detail.body.alert as { iocs: unknown[]; iocsTotal: number };
    expect(alert.iocs).toHaveLength(50);
    expect(alert.iocsTotal).toBe(240);
    const page = await get(`/alerts/${alertId}/iocs?offset=200&limit=50`);
    expect(page.body).toMatchObject({ total: 240, omitted: 0, offset: 200, limit: 50 });
    expect(page.body.iocs).toHaveLength(40);
    expect((await get(`/alerts/${alertId}/iocs?limit=51`)).status).toBe(400);
  });
});
