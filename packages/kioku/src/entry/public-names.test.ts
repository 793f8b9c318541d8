import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The names the package exports, read from the API reports (packages/kioku/api), which a test keeps
 * equal to the build: each with its entry, its kind and the first sentence of its TSDoc.
 */
const reports = readdirSync(new URL('../../api/', import.meta.url)).filter((file) =>
  file.endsWith('.api.md'),
);
const exported = reports.flatMap((report) =>
  [
    ...readFileSync(new URL(`../../api/${report}`, import.meta.url), 'utf8').matchAll(
      /^\| `([^`]+)` \| (\w+) \| (.*) \|$/gm,
    ),
  ].map(([, name = '', kind = '', summary = '']) => ({ report, name, kind, summary: summary.trim() })),
);

/**
 * One spelling per word: each word is written one way in every exported name, at the start of a
 * camel-case name as its first form (`openAIOverflowDetector`), elsewhere as its second
 * (`createOpenAICounter`). A name that spells it another way (`openAiChatImporter`, `openaiCachePolicy`,
 * `deepseekCachePolicy`, `quarterOfJson`) breaks the rule.
 */
const spellings: ReadonlyArray<{ word: string; wrong: RegExp }> = [
  { word: 'OpenAI (openAI first)', wrong: /OpenAi|Openai|^openai(?=[A-Z]|$)|^openAi|[a-z]openai/ },
  { word: 'DeepSeek (deepSeek first)', wrong: /Deepseek|^deepseek(?=[A-Z]|$)|DEEPSEEK|[a-z]deepseek/ },
  { word: 'JSON (json first)', wrong: /Json|^jSON/ },
];

/** The names of `names` that break a spelling rule, with the rule. */
function misspelt(names: readonly string[]): string[] {
  return names.flatMap((name) =>
    spellings.filter(({ wrong }) => wrong.test(name)).map(({ word }) => `${name}: ${word}`),
  );
}

describe('the public names', () => {
  it('are read from every API report', () => {
    expect(reports.length).toBeGreaterThanOrEqual(7);
    expect(exported.length).toBeGreaterThan(100);
    expect(exported.map(({ name }) => name)).toContain('kiokuMiddleware');
  });

  it('of the root are few enough to read in one sitting: at most 80 values (building blocks are in kioku/strategies)', () => {
    const values = exported.filter(
      ({ report, kind }) =>
        report === 'kioku.api.md' && ['function', 'const', 'class', 'enum'].includes(kind),
    );
    expect(values.length).toBeGreaterThan(40);
    expect(values.length).toBeLessThanOrEqual(80);
    expect(exported.filter(({ report }) => report === 'strategies.api.md').map(({ name }) => name)).toContain(
      'findToolPairs',
    );
  });

  it('each carry TSDoc: a root export without a description fails here', () => {
    const root = exported.filter(({ report }) => report === 'kioku.api.md');
    expect(root.filter(({ summary }) => summary === '').map(({ name }) => name)).toEqual([]);
  });

  it('and so does every export of the other entries', () => {
    const undocumented = exported.filter(({ summary }) => summary === '');
    expect(undocumented.map(({ report, name }) => `${report}: ${name}`)).toEqual([]);
  });

  it('spell each word one way', () => {
    expect(misspelt(exported.map(({ name }) => name))).toEqual([]);
  });

  it('the spelling rules catch the spellings they forbid, and pass the ones they keep', () => {
    expect(
      misspelt([
        'openAiChatImporter',
        'openaiCachePolicy',
        'OpenAiChatMessageOut',
        'deepseekCachePolicy',
        'createDeepseekCounter',
        'quarterOfJson',
      ]),
    ).toHaveLength(6);
    expect(
      misspelt([
        'openAIChatImporter',
        'openAICachePolicy',
        'createOpenAICounter',
        'deepSeekCachePolicy',
        'DeepSeekCounterOptions',
        'toolGraphFromJSON',
        'jsonSchema',
      ]),
    ).toEqual([]);
  });
});
