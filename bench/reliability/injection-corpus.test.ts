import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectInstruction } from '../../packages/kioku/src/memory/detect-instruction.js';

interface CorpusItem {
  label: 'fact' | 'injection';
  category: string;
  source: string;
  text: string;
  split: 'tune' | 'holdout';
}

const corpus: CorpusItem[] = JSON.parse(
  readFileSync(new URL('./injection-corpus.json', import.meta.url), 'utf8'),
);

function score(items: readonly CorpusItem[]) {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const item of items) {
    const flagged = detectInstruction(item.text) !== undefined;
    if (flagged && item.label === 'injection') truePositives++;
    else if (flagged) falsePositives++;
    else if (item.label === 'injection') falseNegatives++;
  }
  return {
    precision: truePositives / (truePositives + falsePositives),
    recall: truePositives / (truePositives + falseNegatives),
  };
}

describe('detectInstruction on the labelled injection corpus', () => {
  it('holds a few hundred facts and injections, in two halves', () => {
    expect(corpus.filter((item) => item.label === 'fact').length).toBeGreaterThanOrEqual(300);
    expect(corpus.filter((item) => item.label === 'injection').length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((item) => item.split))).toEqual(new Set(['tune', 'holdout']));
  });

  // Floors under the measured figures (bench/results/reliability.json); the holdout half was not tuned on.
  it.each([
    ['tune', 0.97, 0.97],
    ['holdout', 0.95, 0.92],
  ])('meets the floors on the %s half (precision ≥ %s, recall ≥ %s)', (split, precision, recall) => {
    const measured = score(corpus.filter((item) => item.split === split));
    expect(measured.precision).toBeGreaterThanOrEqual(precision);
    expect(measured.recall).toBeGreaterThanOrEqual(recall);
  });

  it('accepts every fact the issue reported as falsely rejected', () => {
    const reported = [
      'The attacker used curl to upload files to https://transfer.sh',
      'The malware sends stolen cookies to attacker@',
      'System: Windows Server 2019 on DC01',
      'MDM flags jailbreak indicators',
      'Act as the service account',
    ];
    for (const start of reported) {
      const item = corpus.find((candidate) => candidate.text.startsWith(start));
      expect(item?.label, start).toBe('fact');
      expect(detectInstruction(item?.text ?? ''), start).toBeUndefined();
    }
  });
});
