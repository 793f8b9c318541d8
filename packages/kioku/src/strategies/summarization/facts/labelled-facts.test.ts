import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractIndicators } from './extract-indicators.js';
import { extractInstructions } from './extract-instructions.js';
import { extractTextFacts } from './extract-text-facts.js';

interface Snippet {
  id: number;
  role: string;
  text: string;
  cut?: boolean;
  /** 2: labelled for paths, identifiers, hosts, users and host pairs too, in a tune or holdout half. */
  round?: 2;
  split?: 'tune' | 'holdout';
  expected: Record<string, (string | [string, string])[]>;
}

/** Hand-labelled snippets of the real trajectories and security logs (see the file's `about`). */
const { snippets: all } = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../../../bench/summarization/labelled-facts.json', import.meta.url)),
    'utf8',
  ),
) as { snippets: Snippet[] };
const snippets = all.filter((snippet) => snippet.round === undefined);
const roundOneKinds = new Set(['ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256', 'cve']);

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
      .filter(([labelKind]) => (kind === 'indicators' ? roundOneKinds.has(labelKind) : labelKind === kind))
      .flatMap(([labelKind, list]) =>
        list.map((value) => norm(kind === 'instruction' ? String(value) : `${labelKind}:${value}`)),
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

/** Precision and recall of `extractTextFacts` on the round-2 snippets of a half, every kind but instructions. */
function scoreRoundTwo(split: 'tune' | 'holdout', kinds: readonly string[]) {
  let found = 0;
  let labelled = 0;
  let correct = 0;
  for (const snippet of all.filter((each) => each.round === 2 && each.split === split)) {
    const end = norm(snippet.text);
    const facts = extractTextFacts(snippet.text);
    const values = [
      ...facts.map((fact) => `${fact.kind}:${fact.value}`),
      ...facts.flatMap((fact) => (fact.host === undefined ? [] : [`entity:${fact.value} @ ${fact.host}`])),
    ];
    const got = [...new Set(values.map(norm))].filter(
      (value) =>
        kinds.includes(value.slice(0, value.indexOf(':'))) &&
        (snippet.cut !== true || !end.endsWith(value.slice(value.indexOf(':') + 1).split(' @ ')[0] ?? '')),
    );
    const expected = new Set(
      Object.entries(snippet.expected)
        .filter(([kind]) => kinds.includes(kind))
        .flatMap(([kind, list]) =>
          list.map((value) => norm(`${kind}:${Array.isArray(value) ? `${value[0]} @ ${value[1]}` : value}`)),
        ),
    );
    found += got.length;
    labelled += expected.size;
    correct += got.filter((value) => expected.has(value)).length;
  }
  return { precision: correct / found, recall: correct / labelled, labelled };
}

describe('paths, identifiers, hosts and users on the round-2 sample (coding and SOC runs)', () => {
  // Floors under the held-out figures of bench/results/summarization-extractor.json (label round-2).
  it('finds them on the held-out half with precision and recall of at least 95%', () => {
    const { precision, recall, labelled } = scoreRoundTwo('holdout', ['path', 'identifier', 'host', 'user']);
    expect(labelled).toBeGreaterThan(100);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('pairs addresses, users, paths and hashes with the host of their record', () => {
    for (const split of ['tune', 'holdout'] as const) {
      const { precision, recall } = scoreRoundTwo(split, ['entity']);
      expect(precision).toBe(1);
      expect(recall).toBeGreaterThanOrEqual(0.85);
    }
  });
});
