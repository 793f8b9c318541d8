import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../packages/kioku/src/memory/redact-secrets.js';

interface SecretsItem {
  label: 'secret' | 'near-miss';
  kind?: string;
  text: string;
  secret?: string;
  split: 'tune' | 'holdout';
}

const corpus: SecretsItem[] = JSON.parse(
  readFileSync(new URL('./secrets-corpus.json', import.meta.url), 'utf8'),
);

describe('redactSecrets on the labelled secrets and near-misses', () => {
  it('changes no near-miss: hashes, UUIDs, SIDs and other indicators are evidence', () => {
    const changed = corpus
      .filter((item) => item.label === 'near-miss')
      .filter((item) => redactSecrets(item.text).text !== item.text);
    expect(changed.map((item) => item.text)).toEqual([]);
  });

  // Floor under the measured coverage (bench/results/reliability.json).
  it('removes at least 95% of the labelled secrets, each under its own kind', () => {
    const secrets = corpus.filter((item) => item.label === 'secret');
    const removed = secrets.filter((item) => {
      const { text } = redactSecrets(item.text);
      return !text.includes(item.secret ?? '') && text.includes(`[REDACTED:${item.kind}]`);
    });
    expect(removed.length / secrets.length).toBeGreaterThanOrEqual(0.95);
  });
});
