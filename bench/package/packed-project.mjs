// Installing the packed kioku as a user would, for the package benches: `npm pack` into a work directory,
// and fresh projects that `npm install` it with chosen peers. Needs the npm registry.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The packages/kioku directory. */
export const packageDir = fileURLToPath(new URL('../../packages/kioku/', import.meta.url));

/** The version of `name` installed in the repository (what the tests run against). */
export function installedVersion(name) {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url)), 'utf8'),
  ).version;
}

/** Runs npm in `cwd` and returns its standard output; throws with npm's output when it fails. */
export function npm(args, cwd) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Packs kioku into `work` (prepack copies the LICENSE in); `npm pack --json`'s entry and the tarball's path. */
export function packKioku(work) {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], packageDir));
  return { packed, tarball: join(work, packed.filename) };
}

/** A fresh ES-module project `work/name` with `specs` installed (no install scripts); its directory. */
export function installProject(work, name, specs) {
  const project = join(work, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], project);
  return project;
}
