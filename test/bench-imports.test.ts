import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The benchmarks measure kioku as a user gets it: they import its public entries (`kioku`,
 * `kioku/strategies`, …), never the package's build, dist or sources, so everything they measure stays
 * reachable through the entries. (A bench may name a build directory as data, e.g. to run a snapshot of
 * it in a child process; it does not import from it.)
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every script of bench/, recursively. */
function scripts(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'results' ? [] : scripts(path);
    // Tests beside a bench (its corpus checks) test kioku's code, as every test does.
    return /\.(mjs|js|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module specifiers a script imports, statically or with a literal `import(…)`. */
function importsOf(source: string): string[] {
  const statics = [...source.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s+['"]([^'"]+)['"]/gm)];
  const bare = [...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)];
  const dynamic = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return [...statics, ...bare, ...dynamic].map(([, specifier]) => specifier ?? '');
}

describe('benchmarks import kioku through its public entries', () => {
  const files = scripts(join(root, 'bench'));

  it('finds the benchmarks', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('no bench imports packages/kioku/{build,dist,src}', () => {
    const internal = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => /packages\/kioku\/(build|dist|src)\//.test(specifier))
        .map((specifier) => `${relative(root, file)}: ${specifier}`),
    );
    expect(internal).toEqual([]);
  });
});
