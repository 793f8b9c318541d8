import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesLoaded } from '../test/packages-loaded.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const store = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'drizzle-orm', 'pg'];

/** The store packages a run of the built CLI with `args` loads. */
function storePackagesLoadedBy(args: readonly string[]): string[] {
  const { status, stderr, packages } = packagesLoaded([main, ...args], { cwd: repository });
  expect(stderr).not.toMatch(/Error|at /);
  expect(status).toBe(0);
  return packages.filter((name) => store.includes(name));
}

describe('what the CLI loads (built dist)', () => {
  if (!existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` before this test`);

  it('commands without a store load no PGlite, Drizzle or pg', () => {
    expect(storePackagesLoadedBy(['--help'])).toEqual([]);
    expect(storePackagesLoadedBy(['tokens', 'samples', '--json'])).toEqual([]);
    expect(storePackagesLoadedBy(['memory', '--help'])).toEqual([]);
  }, 120_000);

  it('kioku --help loads no command: commander only', () => {
    const { status, packages } = packagesLoaded([main, '--help'], { cwd: repository });
    expect(status).toBe(0);
    expect(packages).toEqual(['commander']);
  });

  it('a store command loads them when it runs (so the hook sees them load)', () => {
    expect(storePackagesLoadedBy(['sessions', 'list', '--store', 'memory://'])).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', 'drizzle-orm']),
    );
  }, 120_000);
});
