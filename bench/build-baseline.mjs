// The package at an earlier commit, built in a temporary directory for a bench to compare against in the
// same run: `packages/kioku` (and the samples its build copies) extracted with `git archive`, compiled by
// the workspace's compiler against the workspace's node_modules, with its store template when asked.

import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Builds `commit`'s kioku; returns the directory of its compiled modules (`dist`: `build/` since the
 * package's JavaScript is bundled, `dist/` before) and `remove` (call it when done).
 */
export function buildBaseline({ commit, storeTemplate = false }) {
  const temp = mkdtempSync(join(tmpdir(), 'kioku-baseline-'));
  execSync(
    `git archive ${commit} packages/kioku samples tsconfig.base.json | tar -x -C ${JSON.stringify(temp)}`,
    {
      cwd: root,
    },
  );
  symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
  const packageDir = join(temp, 'packages/kioku');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(packageDir, 'tsconfig.build.json')]);
  execFileSync(process.execPath, ['scripts/copy-assets.mjs'], { cwd: packageDir });
  if (storeTemplate)
    execFileSync(process.execPath, ['src/store/build-store-template.mjs'], { cwd: packageDir });
  const compiled = join(packageDir, existsSync(join(packageDir, 'build')) ? 'build' : 'dist');
  return { dist: compiled, remove: () => rmSync(temp, { recursive: true, force: true }) };
}

/** `git rev-parse` of `revision` in this repository. */
export function commitOf(revision) {
  return execFileSync('git', ['rev-parse', revision], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * Builds `commit`'s investigator (`apps/investigator`, server code only) against the workspace's
 * node_modules, so its `kioku` is the workspace's; with `kioku: true`, against `commit`'s kioku (built
 * whole: bundle, vocabularies, store template) and otherwise the workspace's node_modules. Returns the
 * directory of its compiled modules (`dist`) and `remove`.
 */
export function buildInvestigatorBaseline({ commit, kioku = false }) {
  const temp = mkdtempSync(join(tmpdir(), 'investigator-baseline-'));
  const paths = kioku ? 'apps/investigator packages/kioku samples' : 'apps/investigator';
  execSync(`git archive ${commit} ${paths} tsconfig.base.json | tar -x -C ${JSON.stringify(temp)}`, {
    cwd: root,
  });
  const modules = join(root, 'node_modules');
  if (kioku) {
    // The workspace's packages, but `kioku` is this commit's.
    mkdirSync(join(temp, 'node_modules'));
    for (const entry of readdirSync(modules)) {
      const target = entry === 'kioku' ? join(temp, 'packages/kioku') : join(modules, entry);
      symlinkSync(target, join(temp, 'node_modules', entry));
    }
    execSync('npm run build --silent', { cwd: join(temp, 'packages/kioku'), stdio: 'ignore' });
  } else {
    symlinkSync(modules, join(temp, 'node_modules'));
  }
  const appDir = join(temp, 'apps/investigator');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(appDir, 'tsconfig.build.json')]);
  return { dist: join(appDir, 'dist'), remove: () => rmSync(temp, { recursive: true, force: true }) };
}
