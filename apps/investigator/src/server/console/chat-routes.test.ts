import type { Hono } from 'hono';
import { languageModelFromSpec } from 'kioku';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type LoopbackProvider, startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../../alerts/index.js';
import { createThreatIntel } from '../../intel/index.js';
import { openInvestigatorStore } from '../../store/index.js';
import { createConsoleServer } from './create-console-server.js';

const json = (value: unknown) => ({ text: JSON.stringify(value) });
const headers = {
  'x-forwarded-user': 'analyst@example.org',
  'x-investigator-console': '1',
  'content-type': 'application/json',
};

describe('the console chat route (a loopback model)', () => {
  let store: DrizzleStore;
  let provider: LoopbackProvider;
  let app: Hono;
  let id: string;
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    const alert = await createAlertStore(store).create(
      await ingestAlert({
        raw: '{"AlertName":"LSASS memory read","host":"MKT01"}',
        schema: 'sentinel',
        embedder: createHashingEmbedder(),
      }),
    );
    id = alert.id;
    provider = await startLoopbackProvider({
      replies: [
        json({ steps: [{ id: 's1', goal: 'Find earlier LSASS alerts', tools: ['search_alerts'] }] }),
        { toolCalls: [{ id: 'a1', name: 'search_alerts', arguments: { text: 'LSASS' } }] },
        { text: 'One earlier LSASS alert, on MKT01.' },
        json({ action: 'conclude', add: [], update: [], cancel: [], reason: 'answered' }),
        { text: 'This is the only LSASS read on MKT01 [s1].' },
        { delayMs: 1500, reply: { text: 'A slow answer.' } },
      ],
    });
    const { model } = await languageModelFromSpec('openai-compatible:loopback', {
      baseUrl: provider.baseUrl,
    });
    if (typeof model === 'string') throw new Error('expected a model object');
    app = createConsoleServer({
      store,
      token: 'a-webhook-token-of-32-characters',
      chatModel: model,
      intel: createThreatIntel(),
      contextWindow: 32_768,
      settings: { model: 'openai-compatible:loopback', logEngine: 'none', threatIntel: [] },
      proxyHeader: 'x-forwarded-user',
      proxyRole: 'analyst',
    });
  });
  afterAll(async () => {
    await provider?.close();
    await store?.close();
  });

  const ask = (body: object) =>
    app.request(`/api/alerts/${id}/chat`, { method: 'POST', headers, body: JSON.stringify(body) });

  it('streams a plan & execute turn: the plan, its steps, the tool call and the answer', async () => {
    const response = await ask({ message: 'Has LSASS been read before?', plan: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    expect(body).toContain('"kind":"plan","text":"plan: [s1] Find earlier LSASS alerts"');
    expect(body).toContain('"kind":"plan","text":"plan step [s1] Find earlier LSASS alerts"');
    expect(body).toContain('This is the only LSASS read on MKT01 [s1].');
    expect(body).toContain('"type":"data-turn"');
    const conversation = await app.request(`/api/alerts/${id}/conversation`, { headers });
    expect(
      ((await conversation.json()) as { messages: { text: string }[] }).messages.map((m) => m.text),
    ).toEqual(['Has LSASS been read before?', 'This is the only LSASS read on MKT01 [s1].']);
  });

  it('runs one turn per alert at a time, and refuses an empty message', async () => {
    const slow = await ask({ message: 'And now?' });
    const busy = await ask({ message: 'Hello?' });
    expect(busy.status).toBe(409);
    expect(await slow.text()).toContain('A slow answer.');
    expect((await ask({ message: '  ' })).status).toBe(400);
    expect(
      (await app.request('/api/alerts/nope/chat', { method: 'POST', headers, body: '{"message":"x"}' }))
        .status,
    ).toBe(404);
  });
});
