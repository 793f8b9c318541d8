// What installing kioku costs on disk: packs the package (npm pack), installs the tarball with its peers
// into a fresh temporary project (npm installs required peers, not optional ones), then again with the
// store's optional peers (PGlite, pgvector, Drizzle, pg: what `kioku/store` and the CLI's store commands
// need), and measures node_modules in total and per top-level package, against a project that installs
// only `ai` (the AI SDK), measured in the same run. Checks the target (kioku with its required peers ≤ 40 MB
// installed) and that the tarball ships no source maps; exits 1 when either fails. Needs the npm registry.
// Writes bench/results/package-install.json (or --out). Run from the repository root after
// `npm run build`:   node bench/package/install-size.mjs
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installedVersion, installProject, packageDir, packKioku } from './packed-project.mjs';

const { values } = parseArgs({
  options: {
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../results/package-install.json', import.meta.url)),
    },
  },
});
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const aiVersion = installedVersion('ai');
const providerVersion = installedVersion('@ai-sdk/provider');
const work = mkdtempSync(join(tmpdir(), 'kioku-install-size-'));

/** Bytes on disk under `path` (files' sizes; symbolic links not followed). */
function bytes(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytes(join(path, name)), 0);
}

/** Every top-level package of a node_modules (scoped ones by their full name) with its size. */
function packages(modules) {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .map((name) => ({ name, bytes: bytes(join(modules, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** Installs `specs` into a fresh project and measures its node_modules. */
function install(name, specs) {
  const modules = join(installProject(work, name, specs), 'node_modules');
  const list = packages(modules);
  return { total: bytes(modules), packages: list.length, list };
}

try {
  const { packed, tarball } = packKioku(work);
  const ai = install('ai-only', [`ai@${aiVersion}`]);
  const peers = [`ai@${aiVersion}`, `@ai-sdk/provider@${providerVersion}`];
  const kioku = install('with-kioku', [tarball, ...peers]);
  const storePeers = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'drizzle-orm', 'pg'].map(
    (name) => `${name}@${installedVersion(name)}`,
  );
  const withStore = install('with-kioku-store', [tarball, ...peers, ...storePeers]);
  const mb = (value) => Number((value / 1e6).toFixed(1));
  const report = {
    bench: 'package/install-size',
    date: new Date().toISOString(),
    node: process.version,
    kioku: {
      version: manifest.version,
      tarballBytes: packed.size,
      unpackedBytes: packed.unpackedSize,
      files: packed.files.length,
    },
    ai: { version: aiVersion, nodeModulesMB: mb(ai.total), packages: ai.packages },
    withKioku: {
      nodeModulesMB: mb(kioku.total),
      packages: kioku.packages,
      ratioToAi: Number((kioku.total / ai.total).toFixed(2)),
      largest: kioku.list.slice(0, 15).map((entry) => ({ name: entry.name, mb: mb(entry.bytes) })),
    },
    withKiokuAndStore: {
      peers: storePeers,
      nodeModulesMB: mb(withStore.total),
      packages: withStore.packages,
      ratioToAi: Number((withStore.total / ai.total).toFixed(2)),
    },
    note: 'du of node_modules (file sizes) after npm install of the packed tarball with its required peers (and, in withKiokuAndStore, the store peers), vs ai alone',
  };
  const sourceMaps = packed.files.filter((file) => file.path.endsWith('.map')).map((file) => file.path);
  report.checks = {
    targetMB: 40,
    withinTarget: report.withKioku.nodeModulesMB <= 40,
    sourceMapsShipped: sourceMaps,
  };
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`ai alone: ${report.ai.nodeModulesMB} MB, ${ai.packages} packages`);
  console.log(
    `kioku + ai: ${report.withKioku.nodeModulesMB} MB, ${kioku.packages} packages (${report.withKioku.ratioToAi}× ai); tarball ${mb(packed.size)} MB`,
  );
  for (const entry of report.withKioku.largest) console.log(`  ${entry.name.padEnd(36)} ${entry.mb} MB`);
  console.log(
    `kioku + ai + the store's optional peers: ${report.withKiokuAndStore.nodeModulesMB} MB, ${withStore.packages} packages (${report.withKiokuAndStore.ratioToAi}× ai)`,
  );
  console.log(
    `target ≤ ${report.checks.targetMB} MB: ${report.checks.withinTarget ? 'met' : 'MISSED'}; source maps in the tarball: ${sourceMaps.length}`,
  );
  console.log(`wrote ${values.out}`);
  if (!report.checks.withinTarget || sourceMaps.length > 0) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
