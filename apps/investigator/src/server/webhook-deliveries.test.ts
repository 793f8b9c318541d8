import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MockLanguageModelV4 } from 'ai/test';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlertStore,
  createSummaryWorker,
  type SnsMessage,
  type SummaryWorker,
  snsStringToSign,
} from '../alerts/index.js';
import { openInvestigatorStore } from '../store/index.js';
import { createServer } from './create-server.js';
import { type RunningServer, startServer } from './start-server.js';

const token = 'a-webhook-token-of-32-characters';
const fixture = (name: string) =>
  readFileSync(new URL(`../alerts/__fixtures__/envelopes/${name}`, import.meta.url), 'utf8');
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signed = (message: SnsMessage) =>
  JSON.stringify({
    ...message,
    Signature: createSign('RSA-SHA1').update(snsStringToSign(message), 'utf8').sign(privateKey, 'base64'),
  });

describe('the webhook through HTTP: envelopes, batches, duplicates, bad input, storms, a hanging model', () => {
  let store: DrizzleStore;
  let server: RunningServer;
  let summaries: SummaryWorker;
  const confirmed: string[] = [];
  let modelCalls = 0;
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    // A provider that accepts the request and never answers.
    const hanging = new MockLanguageModelV4({
      doGenerate: () => {
        modelCalls += 1;
        return new Promise(() => {});
      },
    });
    summaries = createSummaryWorker({
      store,
      model: hanging,
      embedder: createHashingEmbedder(),
      timeoutMs: 60_000,
    });
    summaries.start();
    const app = createServer({
      store,
      token,
      model: hanging,
      summaries,
      rateLimit: { perSecond: 0.001, burst: 3 },
      fetchSnsCertificate: async () => publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      confirmSnsSubscription: async (url) => {
        confirmed.push(url);
      },
    });
    server = await startServer({ app, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await summaries?.close();
    await store?.close();
  });

  const post = (
    body: string,
    { path = '/hooks/alert/guardduty', headers = {} as Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body,
    });
  const count = async () => (await createAlertStore(store).list({ includeMerged: true })).total;

  it('stores an alert and answers while the model hangs: the summary waits in its job', async () => {
    const response = await post(fixture('guardduty-finding.json'));
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      id: string;
      summarizedBy: string;
      summaryPending: boolean;
      folded: boolean;
    };
    expect(body).toMatchObject({ summarizedBy: 'fallback', summaryPending: true, folded: false });
    const alert = await createAlertStore(store).get(body.id);
    expect(alert).toMatchObject({
      title: '203.0.113.50 is performing SSH brute force attacks against i-99999999.',
      raw: fixture('guardduty-finding.json'),
      host: 'i-99999999',
    });
    // The job has asked the model (which never answers); the webhook did not wait for it.
    await expect.poll(() => modelCalls).toBeGreaterThan(0);
  });

  it('prepares a large alert in a worker thread: IOCs capped at 1,000, the rest counted', async () => {
    const addresses = Array.from(
      { length: 20_000 },
      (_, i) => `185.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    );
    const response = await post(JSON.stringify({ title: 'scan', sources: addresses }), {
      path: '/hooks/alert/large',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; iocs: unknown[]; iocsOmitted: number };
    expect(body.iocs).toHaveLength(1000);
    expect(body.iocsOmitted).toBe(19_000);
    expect((await createAlertStore(store).get(body.id)).iocs[999]).toEqual({
      kind: 'ipv4',
      value: '185.0.3.231',
    });
    await createAlertStore(store).resolve({
      id: body.id,
      conclusion: 'benign',
      reason: 'test scan',
      by: { name: 'jane', via: 'cli' },
    });
  });

  it('folds the same finding delivered again through SNS into the stored alert', async () => {
    const message = JSON.parse(fixture('sns-notification.json')) as SnsMessage;
    const response = await post(signed(message), {
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ folded: true, occurrences: 2 });
    expect(await count()).toBe(2);
  });

  it('confirms a signed SNS subscription, and stores nothing for it', async () => {
    const message = JSON.parse(fixture('sns-subscription-confirmation.json')) as SnsMessage;
    const response = await post(signed(message), {
      path: '/hooks/alert/sns',
      headers: {
        'content-type': 'text/plain; charset=UTF-8',
        'x-amz-sns-message-type': 'SubscriptionConfirmation',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sns: 'SubscriptionConfirmation',
      topicArn: message.TopicArn,
      confirmed: true,
    });
    expect(confirmed).toEqual([message.SubscribeURL]);
    expect(await count()).toBe(2);
  });

  it('takes a Pub/Sub push with the token in the URL, and a batch of findings whole', async () => {
    const push = await fetch(`${server.url}/hooks/alert/scc?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: fixture('pubsub-push.json'),
    });
    expect(push.status).toBe(201);
    const batch = await post(fixture('scc-findings.json'), { path: '/hooks/alert/scc' });
    expect(batch.status).toBe(201);
    const { alerts } = (await batch.json()) as { alerts: { id: string; folded: boolean }[] };
    expect(alerts.map((alert) => alert.folded)).toEqual([false, false, false]);
    expect(await count()).toBe(6);
  });

  it('refuses a batch with one bad alert whole, naming its index, and every malformed input with 400', async () => {
    const findings = JSON.parse(fixture('scc-findings.json')) as unknown[];
    const cases: Array<[string, RegExp]> = [
      [
        JSON.stringify([findings[0], 'oops', findings[2]]),
        /body\[1\]: expected a JSON object \(one alert\), found a string/,
      ],
      ['{"a": "x\\u0000"}', /body:1:9: expected text without NUL characters/],
      ['{"a": "\\udc00"}', /body:1:8: expected a Unicode character/],
      [`{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}`, /nested at most 64 deep/],
      ['{"a": 1', /expected valid JSON/],
    ];
    for (const [index, [body, message]] of cases.entries()) {
      const response = await post(body, { path: `/hooks/alert/other-${index}` });
      expect(response.status, body.slice(0, 40)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const path = await post('{}', { path: '/hooks/alert/%E0%A4%A' });
    expect(path.status).toBe(400);
    expect(await count()).toBe(6);
  });

  it('answers a storm from one source with 429 and Retry-After, other sources still accepted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post(`{"n": ${i}}`, { path: '/hooks/alert/storm' })).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await post('{"n": 9}', { path: '/hooks/alert/storm' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^more alerts from storm than the webhook accepts; try again in \d+ s$/,
    );
    expect((await post('{"n": 1}', { path: '/hooks/alert/calm' })).status).toBe(201);
  });
});
