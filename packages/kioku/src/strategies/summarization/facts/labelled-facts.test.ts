import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractIndicators } from './extract-indicators.js';
import { extractInstructions } from './extract-instructions.js';

interface Snippet {
  id: number;
  role: string;
  text: string;
  cut?: boolean;
  expected: Record<string, string[]>;
}

/** Hand-labelled snippets of the real trajectories and security logs (see the file's `about`). */
const { snippets } = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../../../bench/summarization/labelled-facts.json', import.meta.url)),
    'utf8',
  ),
) as { snippets: Snippet[] };

const norm = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();

/** Found, labelled and correct facts of one kind ('indicators': every IOC kind) over the labelled set. */
function score(kind: 'indicators' | 'email' | 'ipv4' | 'instruction') {
  let found = 0;
  let labelled = 0;
  let correct = 0;
  for (const snippet of snippets) {
    const end = norm(snippet.text);
    const values =
      kind === 'instruction'
        ? snippet.role === 'user'
          ? extractInstructions(snippet.text)
          : []
        : extractIndicators(snippet.text)
            .filter((fact) => kind === 'indicators' || fact.kind === kind)
            .map((fact) => `${kind === 'indicators' ? fact.kind : kind}:${fact.value}`);
    const got = [...new Set(values.map(norm))].filter(
      (value) => snippet.cut !== true || !end.endsWith(value.slice(value.indexOf(':') + 1)),
    );
    const expected = Object.entries(snippet.expected)
      .filter(([labelKind]) => (kind === 'indicators' ? labelKind !== 'instruction' : labelKind === kind))
      .flatMap(([labelKind, list]) =>
        list.map((value) => norm(kind === 'instruction' ? value : `${labelKind}:${value}`)),
      );
    found += got.length;
    labelled += expected.length;
    correct += got.filter((value) => expected.includes(value)).length;
  }
  return { precision: correct / found, recall: correct / labelled, labelled };
}

describe('fact extraction on the hand-labelled sample', () => {
  it('finds the indicators of compromise with precision and recall of at least 95%', () => {
    const { precision, recall, labelled } = score('indicators');
    expect(labelled).toBeGreaterThan(100);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('takes no version numbers for addresses and few source-metadata e-mails', () => {
    expect(score('ipv4').precision).toBe(1);
    expect(score('email').precision).toBeGreaterThanOrEqual(0.85);
  });

  it('finds the user instructions, and no issue text, with precision and recall of at least 80%', () => {
    const { precision, recall } = score('instruction');
    expect(precision).toBeGreaterThanOrEqual(0.8);
    expect(recall).toBeGreaterThanOrEqual(0.8);
  });
});
