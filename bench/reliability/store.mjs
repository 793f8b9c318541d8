// Reliability of the embedded store (issue 22, item 4), against the code before the fixes, built in a
// temporary directory in the same run:
// - a directory that is no longer a valid store (PG_VERSION missing) under `kioku memory list`: does the
//   command refuse it, or initialise a new database over 170 memories? (invalid-store.mjs)
// - a stale lock naming a killed process, raced for by 6 processes at once: rounds with two holders
//   (stale-lock-race.mjs);
// - a disk that fills up under a session append, on a real tmpfs (root only): a StorageError, an other
//   error or a hang (nothing back within 60 s), and what the store holds afterwards (disk-full.mjs).
// Writes bench/results/reliability-store.json. Run after `npm run build`, as root for the disk-full part:
//   node bench/reliability/store.mjs [--base <commit>] [--rounds 20]

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { appendUntilDiskFull, diskFullUnavailable } from './disk-full.mjs';
import { listWithoutPgVersion } from './invalid-store.mjs';
import { raceForStaleLock } from './stale-lock-race.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string' }, rounds: { type: 'string', default: '20' } },
});
const root = fileURLToPath(new URL('../../', import.meta.url));
// main before the issue-22 store fixes: a fixed point, so the comparison still means something later.
const base = commitOf(args.base ?? '2ad45d73aad24b76026292593ed1906817a7fedc');
const rounds = Number(args.rounds);

// The baseline: the package at `base`, with its store template built as its build did.
const baseline = buildBaseline({ commit: base, storeTemplate: true });
const builds = {
  before: baseline.dist,
  // tsc writes each module to build/ since the package's JavaScript is bundled into dist/.
  after: join(root, 'packages/kioku/build'),
};

const results = {};
const diskFullSkipped = diskFullUnavailable();
const load = [loadavg()[0]];
try {
  for (const [name, dist] of Object.entries(builds)) {
    process.stderr.write(`${name}: invalid store directory\n`);
    const invalidStore = await listWithoutPgVersion({ dist });
    process.stderr.write(`${name}: stale lock race, ${rounds} rounds\n`);
    const staleLock = await raceForStaleLock({ lockModule: join(dist, 'store/lock-directory.js'), rounds });
    process.stderr.write(`${name}: disk full\n`);
    const diskFull =
      diskFullSkipped === undefined
        ? await appendUntilDiskFull({ storeEntry: join(dist, 'entry/store.js'), cwd: root })
        : { skipped: diskFullSkipped };
    results[name] = {
      invalidStore,
      staleLock: { ...staleLock, results: undefined, perRound: staleLock.results },
      diskFull,
    };
    load.push(loadavg()[0]);
  }
} finally {
  baseline.remove();
}

const { before, after } = results;
const row = (label, old, now) =>
  console.log(`${label.padEnd(58)} ${String(old).padStart(14)} -> ${String(now)}`);
console.log(`baseline: ${base.slice(0, 12)} (built in a temporary directory in this run)\n`);
row(
  'invalid store: `kioku memory list` exit code',
  before.invalidStore.command.exitCode,
  after.invalidStore.command.exitCode,
);
row(
  'invalid store: initialised a new database over it',
  before.invalidStore.command.wroteNewPgVersion,
  after.invalidStore.command.wroteNewPgVersion,
);
row(
  'invalid store: 170 memories and the session kept',
  before.invalidStore.dataKept,
  after.invalidStore.dataKept,
);
row(
  `stale lock: rounds with two or more holders (of ${rounds}, 6 racers)`,
  before.staleLock.roundsWithTwoOrMoreHolders,
  after.staleLock.roundsWithTwoOrMoreHolders,
);
row(
  'stale lock: rounds with no holder',
  before.staleLock.roundsWithNoHolder,
  after.staleLock.roundsWithNoHolder,
);
if (diskFullSkipped === undefined) {
  row('disk full: outcome of the append', before.diskFull.outcome, after.diskFull.outcome);
  row('disk full: error after (ms)', before.diskFull.errorAfterMs ?? '-', after.diskFull.errorAfterMs ?? '-');
  row(
    'disk full: acknowledged appends kept after reopening',
    before.diskFull.reopened?.acknowledgedKept,
    after.diskFull.reopened?.acknowledgedKept,
  );
  row(
    'disk full: unacknowledged messages stored',
    before.diskFull.reopened?.unacknowledgedStored,
    after.diskFull.reopened?.unacknowledgedStored,
  );
} else {
  console.log(`disk full: skipped (${diskFullSkipped})`);
}

const out = new URL('../results/reliability-store.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      bench: 'reliability-store',
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverage: load,
      baseline: {
        commit: base,
        note: 'the package at this commit, compiled in a temporary directory in the same run',
      },
      conditions: {
        invalidStore:
          '170 memories and one session; pglite/PG_VERSION removed; `kioku memory list --store <dir>`',
        staleLock: `${rounds} rounds; a holder killed with SIGKILL, then 6 processes released at once against its lock`,
        diskFull: 'a 64 MB tmpfs; 20 appends, the disk filled, pg_switch_wal(), then appends; 60 s guard',
      },
      before,
      after,
    },
    null,
    1,
  )}\n`,
);
console.log(`\nwrote ${fileURLToPath(out)}`);
