// The supported range of kioku's required peers (`ai`, `@ai-sdk/provider`), checked on the packed package as
// a user installs it: for the lowest versions the range allows and for the versions the tests run
// against, a fresh project installs the tarball with them and then (1) type-checks a strict consumer of
// kioku, kioku/strategies, kioku/transcripts, kioku/replay and kioku/store with `skipLibCheck: false` (with
// `@types/json-schema`, which the AI SDK's own declarations name), (2) runs `generateText` through
// `kiokuMiddleware()` on the AI SDK's mock model, and (3) checks that `require('kioku')` says kioku is
// ESM-only. It also records what `npm install kioku ai @ai-sdk/provider` (no versions) does on this Node.
// Needs the npm registry. Writes bench/results/package-peer-range.json (or --out); exits 1 when a check
// fails. Run from the repository root after `npm run build`:   node bench/package/peer-range.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { consumerCompilerOptions } from 'kioku/test';
import { installedVersion, installProject, npm, packageDir, packKioku } from './packed-project.mjs';

const { values } = parseArgs({
  options: {
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../results/package-peer-range.json', import.meta.url)),
    },
  },
});
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const tsc = fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url));
const required = ['ai', '@ai-sdk/provider'];
/** The lowest version a caret or tilde range allows (`^7.0.0` → 7.0.0). */
const lowest = (range) => {
  const match = /^[~^]?(\d+\.\d+\.\d+)$/.exec(range);
  if (match === null) throw new Error(`peer range ${range} is not a caret range; update the bench`);
  return match[1];
};
const peerSets = {
  lowest: Object.fromEntries(required.map((name) => [name, lowest(manifest.peerDependencies[name])])),
  tested: Object.fromEntries(required.map((name) => [name, installedVersion(name)])),
};
const devSpecs = [`@types/node@${installedVersion('@types/node')}`, '@types/json-schema@7.0.15'];

const consumer = `import * as core from 'kioku';
import * as replay from 'kioku/replay';
import * as store from 'kioku/store';
import * as strategies from 'kioku/strategies';
import * as transcripts from 'kioku/transcripts';
export const names: string[] = [...Object.keys(core), ...Object.keys(strategies), ...Object.keys(transcripts), ...Object.keys(replay), ...Object.keys(store)];
`;
const run = `import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { kiokuMiddleware } from 'kioku';
const model = new MockLanguageModelV4({
  modelId: 'gpt-4.1',
  doGenerate: async () => ({
    content: [{ type: 'text', text: 'MKT01' }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 20, noCache: 20, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
    warnings: [],
  }),
});
const { text } = await generateText({ model: wrapLanguageModel({ model, middleware: kiokuMiddleware() }), prompt: 'Which host dumped LSASS memory?' });
if (text !== 'MKT01' || model.doGenerateCalls.length !== 1) throw new Error('unexpected answer ' + text);
console.log('ok');
`;

/** What a command printed and how it exited. */
function spawn(command, args, cwd) {
  const { status, stdout, stderr } = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { status, output: `${stdout}${stderr}` };
}

const work = mkdtempSync(join(tmpdir(), 'kioku-peer-range-'));
try {
  const { tarball } = packKioku(work);
  const checks = [];
  for (const [name, peers] of Object.entries(peerSets)) {
    const specs = Object.entries(peers).map(([peer, version]) => `${peer}@${version}`);
    const project = installProject(work, name, [tarball, ...specs, ...devSpecs]);
    const version = (peer) =>
      JSON.parse(readFileSync(join(project, 'node_modules', peer, 'package.json'), 'utf8')).version;
    writeFileSync(join(project, 'consumer.ts'), consumer);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: consumerCompilerOptions,
        files: ['consumer.ts'],
      }),
    );
    const types = spawn(tsc, ['-p', project], project);
    writeFileSync(join(project, 'run.mjs'), run);
    const live = spawn(process.execPath, ['run.mjs'], project);
    const commonJs = spawn(process.execPath, ['-e', "require('kioku')"], project);
    checks.push({
      peers: name,
      installed: Object.fromEntries(Object.keys(peers).map((peer) => [peer, version(peer)])),
      typeErrors: types.output.split('\n').filter((line) => line.includes('error TS')),
      middlewareCall: live.status === 0 ? 'ok' : live.output.trim().split('\n').slice(0, 5).join('\n'),
      requireSaysEsmOnly: commonJs.status !== 0 && commonJs.output.includes('kioku is ESM-only'),
    });
  }
  let unpinned;
  try {
    installProject(work, 'unpinned', [tarball, ...required]);
    unpinned = { installs: true };
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    unpinned = {
      installs: false,
      npmError: /npm error code (\S+)/.exec(output)?.[1] ?? 'unknown',
      found: /While resolving: [^\n]*\nnpm error Found: (\S+)/.exec(output)?.[1],
    };
  }
  const ok = checks.every(
    (check) => check.typeErrors.length === 0 && check.middlewareCall === 'ok' && check.requireSaysEsmOnly,
  );
  const report = {
    bench: 'package/peer-range',
    date: new Date().toISOString(),
    node: process.version,
    npm: npm(['--version'], work).trim(),
    typescript: installedVersion('typescript'),
    engines: manifest.engines,
    peerDependencies: Object.fromEntries(required.map((name) => [name, manifest.peerDependencies[name]])),
    checks,
    unpinnedInstall: { command: `npm install kioku ${required.join(' ')}`, ...unpinned },
    ok,
    note: 'each check installs the packed tarball with those peers in a fresh project: strict consumer types with skipLibCheck false, a generateText call through kiokuMiddleware() on the AI SDK mock model, require() of the package',
  };
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  for (const check of checks) {
    console.log(
      `${check.peers}: ${Object.entries(check.installed)
        .map(([peer, version]) => `${peer}@${version}`)
        .join(
          ' ',
        )}: ${check.typeErrors.length} type errors, middleware call ${check.middlewareCall}, require() ${check.requireSaysEsmOnly ? 'says ESM-only' : 'does not say ESM-only'}`,
    );
  }
  console.log(
    `${report.unpinnedInstall.command} on Node ${process.version}: ${unpinned.installs ? 'installs' : `fails (${unpinned.npmError}, npm found ${unpinned.found})`}`,
  );
  console.log(`wrote ${values.out}`);
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
