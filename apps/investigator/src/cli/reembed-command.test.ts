import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoopbackProvider, startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fourDimensions } from '../alerts/__fixtures__/four-dimensions.js';
import { runInvestigator } from '../e2e/run-investigator.js';

const samples = fileURLToPath(new URL('../../samples/alerts/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-embedding-'));
const store = join(directory, 'store');
const model = ['--embedding-model', 'openai-compatible:embed-small', '--embedding-dimensions', '4'];

describe('an embedding model for similar, and reembed (built CLI, a PGlite directory, a loopback embeddings server)', () => {
  let provider: LoopbackProvider;
  let env: Record<string, string>;
  beforeAll(async () => {
    // A deterministic 4-dimensional "model" behind OpenAI's embeddings API.
    provider = await startLoopbackProvider({
      replies: [],
      embed: fourDimensions,
    });
    env = { INVESTIGATOR_STORE: store, OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl };
  });
  afterAll(async () => {
    await provider?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const newAlert = (sample: string, args: string[] = [], extra: Record<string, string> = {}) =>
    runInvestigator(['new', join(samples, sample), '--schema', 'edr', '--json', ...args], {
      env: { ...env, ...extra },
    });

  it('refuses an embedding model other than the one of the stored alerts, until reembed moves them all', async () => {
    const first = await newAlert('lsass-dump-mkt01.json');
    expect(first.status).toBe(0);
    const { id: firstId } = JSON.parse(first.stdout) as { id: string };

    const refused = await newAlert('log4shell-ubuntu5.json', model);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^investigator: the store's alerts are embedded by kioku-hashing\S* at \d+ dimensions \(1 alerts\); the embedder in use is openai-compatible:embed-small at 4 dimensions: vectors of different models cannot be compared\. Nothing was stored\./,
    );
    const listed = await runInvestigator(['list', '--json'], { env });
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(1);

    const noDimensions = await newAlert('log4shell-ubuntu5.json', [
      '--embedding-model',
      'openai-compatible:embed-small',
    ]);
    expect(noDimensions.status).toBe(2);
    expect(noDimensions.stderr).toContain(
      "--embedding-dimensions (or $INVESTIGATOR_EMBEDDING_DIMENSIONS): expected the length of openai-compatible:embed-small's vectors, a whole number such as 768 or 1536, found none",
    );

    const reembed = await runInvestigator(['reembed', ...model, '--json'], { env });
    expect(reembed.status).toBe(0);
    expect(JSON.parse(reembed.stdout)).toMatchObject({
      alerts: 1,
      embedder: 'openai-compatible:embed-small',
      dimensions: 4,
      before: [{ embedder: expect.stringMatching(/^kioku-hashing/), alerts: 1 }],
    });

    // Configured by the environment this time.
    const second = await newAlert('log4shell-ubuntu5.json', [], {
      INVESTIGATOR_EMBEDDING_MODEL: 'openai-compatible:embed-small',
      INVESTIGATOR_EMBEDDING_DIMENSIONS: '4',
    });
    expect(second.status).toBe(0);
    const { id: secondId, embedder } = JSON.parse(second.stdout) as { id: string; embedder: string };
    expect(embedder).toBe('openai-compatible:embed-small');
    const similar = await runInvestigator(['similar', secondId, '--json'], { env });
    expect(similar.status).toBe(0);
    expect(JSON.stringify(JSON.parse(similar.stdout))).toContain(firstId);

    // Now the hashing embedder is the one refused.
    const hashing = await newAlert('s3-exfiltration-leaked-role-keys.json');
    expect(hashing.status).toBe(1);
    expect(hashing.stderr).toContain('openai-compatible:embed-small at 4 dimensions (2 alerts)');
    // serve with the hashing embedder would fail every hooked alert: it refuses to start.
    const serve = await runInvestigator(['serve', '--port', '0'], {
      env: { ...env, INVESTIGATOR_WEBHOOK_TOKEN: 'a-webhook-token-of-32-characters' },
    });
    expect(serve.status).toBe(1);
    expect(serve.stderr).toMatch(
      /^investigator: the store's alerts are embedded by openai-compatible:embed-small/,
    );
    const embeddings = provider.requests.filter((request) => request.path === '/v1/embeddings');
    expect(embeddings.map((request) => request.body?.model)).toEqual([
      'embed-small',
      'embed-small',
      'embed-small',
    ]);
  }, 180_000);
});
