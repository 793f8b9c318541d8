import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The files `npm pack` would put in the tarball (prepack and postpack run, nothing is written). */
function packedFiles(): string[] {
  const { status, stdout, stderr } = spawnSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`npm pack --dry-run failed: ${stderr}`);
  const [packed] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  return (packed?.files ?? []).map((file) => file.path);
}

describe('the packed package', () => {
  if (!existsSync(join(packageRoot, 'dist/index.js'))) {
    throw new Error('packages/kioku/dist does not exist: run `npm run build` before this test');
  }
  const files = packedFiles();
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
    exports: Record<string, string | Record<string, string>>;
  };

  it('carries its own README, written for npm users, and the LICENSE, copied from the repository root and removed again', () => {
    expect(files).toContain('README.md');
    expect(readFileSync(join(packageRoot, 'README.md'), 'utf8')).toMatch(/^npm install kioku /m);
    expect(files).toContain('LICENSE');
    expect(readFileSync(join(packageRoot, '../../LICENSE'), 'utf8')).toMatch(/MIT License/);
    expect(existsSync(join(packageRoot, 'LICENSE'))).toBe(false);
  });

  it('ships each vocabulary as one compact file and the one Chart.js build the report inlines', () => {
    expect(files.filter((file) => file.startsWith('dist/tokens/vocabularies/')).sort()).toEqual(
      ['cl100k_base', 'claude-legacy', 'deepseek-v3', 'o200k_base', 'qwen2.5'].map(
        (name) => `dist/tokens/vocabularies/${name}.bin`,
      ),
    );
    expect(files.filter((file) => file.includes('chart.'))).toEqual(['dist/report/chart.umd.min.js']);
  });

  it('ships no source maps, no tests and no sources, and no file that points at a map', () => {
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => /\.test\.|(^|\/)src\//.test(file))).toEqual([]);
    const pointing = files.filter(
      (file) =>
        /\.(js|d\.ts)$/.test(file) &&
        readFileSync(join(packageRoot, file), 'utf8').includes('sourceMappingURL='),
    );
    expect(pointing).toEqual([]);
  });

  it('holds every file its exports and bin name', () => {
    const targets = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ].map((target) => target.replace(/^\.\//, ''));
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });
});
