import { MockLanguageModelV4 } from 'ai/test';
import { sql } from 'drizzle-orm';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openInvestigatorStore, rowsOf } from '../store/index.js';
import { createAlertStore } from './create-alert-store.js';
import { createSummaryWorker } from './create-summary-worker.js';
import { prepareAlert } from './prepare-alert.js';

const embedder = createHashingEmbedder();
const summary = JSON.stringify({
  title: 'SSH brute force on web-01',
  description: 'Many failed SSH logins from one address.',
  severity: 'high',
  attributes: { host: 'web-01' },
});
/** A model that fails like a provider outage while `down` is true, and summarizes otherwise. */
function flakyModel() {
  const state = { down: true, calls: 0 };
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      state.calls += 1;
      if (state.down) throw new Error('503 Service Unavailable: the provider is down');
      return {
        content: [{ type: 'text', text: summary }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 10, text: 10, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, state };
}
const jobs = async (store: DrizzleStore) =>
  rowsOf<{ state: string; attempts: number; summarized: boolean; last_error: string | null }>(
    await store.db.execute(sql`select state, attempts, summarized, last_error from investigator_alert_jobs`),
  );

describe('summary jobs', () => {
  let store: DrizzleStore;
  let id: string;
  beforeEach(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    const value = { title: 'ssh', src: '203.0.113.50', hostname: 'web-01' };
    ({
      alert: { id },
    } = await createAlertStore(store).receive(
      prepareAlert({ raw: JSON.stringify(value), value, schema: 'syslog', embedder: embedder.id }),
    ));
  });
  afterEach(async () => {
    await store.close();
  });

  it('a model outage delays the summary and loses nothing: retried after the backoff, then written', async () => {
    const { model, state } = flakyModel();
    const worker = createSummaryWorker({ store, model, embedder, retryDelayMs: () => 3_600_000 });
    await worker.drain();
    const alerts = createAlertStore(store);
    expect(await alerts.get(id)).toMatchObject({
      title: 'ssh',
      summarizedBy: 'fallback',
      summaryPending: true,
    });
    expect(await jobs(store)).toEqual([
      {
        state: 'pending',
        attempts: 1,
        summarized: false,
        last_error: expect.stringMatching(/provider is down/),
      },
    ]);
    // The hour passes and the provider is back.
    state.down = false;
    await store.db.execute(sql`update investigator_alert_jobs set run_after = now()`);
    await worker.drain();
    await worker.close();
    expect(await alerts.get(id)).toMatchObject({
      title: 'SSH brute force on web-01',
      severity: 'high',
      summarizedBy: 'mock-provider:mock-model-id',
      summaryPending: false,
    });
    expect(await jobs(store)).toEqual([]);
    expect(await alerts.similar(id)).toEqual([]);
    expect((await alerts.embeddingSpaces())[0]).toMatchObject({ embedder: embedder.id, alerts: 1 });
  });

  it('after its last try a job is marked failed and the alert keeps its fallback summary', async () => {
    const { model, state } = flakyModel();
    const worker = createSummaryWorker({ store, model, embedder, maxAttempts: 3, retryDelayMs: () => 0 });
    await worker.drain();
    await worker.close();
    expect(state.calls).toBe(9); // 3 tries of 3 attempts each
    expect(await jobs(store)).toEqual([
      {
        state: 'failed',
        attempts: 3,
        summarized: false,
        last_error: expect.stringMatching(/provider is down/),
      },
    ]);
    expect(await createAlertStore(store).get(id)).toMatchObject({
      title: 'ssh',
      summarizedBy: 'fallback',
      summaryPending: false,
    });
  });

  it('gives up on a model that never answers after the timeout, and retries later', async () => {
    const hanging = new MockLanguageModelV4({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason))),
    });
    const worker = createSummaryWorker({
      store,
      model: hanging,
      embedder,
      timeoutMs: 50,
      retryDelayMs: () => 3_600_000,
    });
    await worker.drain();
    await worker.close();
    expect(await jobs(store)).toEqual([
      { state: 'pending', attempts: 1, summarized: false, last_error: expect.any(String) },
    ]);
  });

  it('keeps a written summary when the embedder fails, and does not ask the model again', async () => {
    const { model, state } = flakyModel();
    state.down = false;
    let embedderDown = true;
    const failing = {
      ...embedder,
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: async (texts: string[], options?: { abortSignal?: AbortSignal }) => {
        if (embedderDown) throw new Error('embedder unreachable');
        return embedder.embed(texts, options);
      },
    };
    const worker = createSummaryWorker({ store, model, embedder: failing, retryDelayMs: () => 3_600_000 });
    await worker.drain();
    expect(await jobs(store)).toEqual([
      { state: 'pending', attempts: 1, summarized: true, last_error: 'embedder unreachable' },
    ]);
    embedderDown = false;
    await store.db.execute(sql`update investigator_alert_jobs set run_after = now()`);
    await worker.drain();
    await worker.close();
    expect(state.calls).toBe(1);
    expect(await jobs(store)).toEqual([]);
  });
});
