import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import type { Embedder } from './embedder.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { openEvictedHistory } from './open-evicted-history.js';
import { openMemory } from './open-memory.js';

const embedder = createHashingEmbedder();
const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';

describe('memory stores no secret and no hidden text', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('redacts the request a claim is learned from (as `kioku memory add` passes the claim)', async () => {
    const memory = await openMemory({ store, embedder, namespace: 'learn' });
    const claim = `The billing export authenticates with ${key}`;
    const result = await memory.learn({ request: claim, claims: [claim] });
    const [stored] = await memory.list();
    expect(stored?.claim).toBe('The billing export authenticates with [REDACTED:openai-key]');
    expect(stored?.request).toBe('The billing export authenticates with [REDACTED:openai-key]');
    expect(JSON.stringify(result)).not.toContain(key);
  });

  it('stores the normalized claim and request, not the text with invisible characters', async () => {
    const memory = await openMemory({ store, embedder, namespace: 'normalized' });
    await memory.learn({
      request: 'which\u200b host is DC01?',
      claims: ['DC01 runs Windows\u2060 Server 2019'],
    });
    const [stored] = await memory.list();
    expect(stored).toMatchObject({ claim: 'DC01 runs Windows Server 2019', request: 'which host is DC01?' });
  });

  it('refuses a request that is only invisible characters, naming it', async () => {
    const memory = await openMemory({ store, embedder, namespace: 'invisible' });
    await expect(
      memory.learn({ request: '\u200b\u{E0041}', claims: ['DC01 is a domain controller'] }),
    ).rejects.toThrow(/request/);
    await expect(
      memory.addMany([{ claim: 'DC01 is a domain controller', request: '\u2060' }]),
    ).rejects.toThrow(/entries\[0\]\.request/);
  });

  it('redacts the requests of a bulk load', async () => {
    const memory = await openMemory({ store, embedder, namespace: 'bulk' });
    await memory.addMany([{ claim: 'Exports run nightly', request: `export with password=${key}` }]);
    const [stored] = await memory.list();
    expect(stored?.request).toBe('export with password=[REDACTED:openai-key]');
  });

  it('redacts evicted history before it is embedded and stored', async () => {
    const history = await openEvictedHistory({ store, embedder });
    await history.rememberEvicted({
      sessionId: 'secrets',
      messages: [{ role: 'user', content: `deploy with AWS key AKIAIOSFODNN7EXAMPLE and ${key}` }],
    });
    const [chunk] = await history.recallEvicted({ sessionId: 'secrets', query: 'deploy with AWS key' });
    expect(chunk?.text).toBe('deploy with AWS key [REDACTED:aws-access-key] and [REDACTED:openai-key]');
  });

  it('sends the embedder the queries of recall and recallEvicted redacted, never their secrets', async () => {
    const embedded: string[] = [];
    const recording: Embedder = {
      id: embedder.id,
      dimensions: embedder.dimensions,
      kind: embedder.kind,
      embed(texts, options) {
        embedded.push(...texts);
        return embedder.embed(texts, options);
      },
    };
    const memory = await openMemory({ store, embedder: recording, namespace: 'recall' });
    await memory.recall({ request: `why does the export fail with ${key}?` });
    const history = await openEvictedHistory({ store, embedder: recording });
    await history.recallEvicted({ sessionId: 'none', query: `deploy with ${key}` });
    expect(embedded).toEqual([
      'why does the export fail with [REDACTED:openai-key]?',
      'deploy with [REDACTED:openai-key]',
    ]);
  });
});
