// Whether a PGlite store's work holds the event loop: the longest time, by the main thread's CPU, that a
// 10 ms timer could not run while a PGlite store in memory takes what the investigator's webhook stores
// for a hostile alert (a row of the alert's raw JSON with a full-text `tsvector` over its first 100,000
// characters and a GIN index, then four small statements, in one transaction) and reads it back. Two
// alerts: 1 MB of one character, and 20,000 IP addresses. This checkout's kioku (PGlite in a worker thread
// of its own) against the package at `--base` (default 2749850: PGlite on the main thread, before its turn
// taking between statements) built in a temporary directory in the same run;
// each in its own process, five rounds, the longest stall per round. CPU time (this thread's, from /proc
// on Linux) because the machine is shared: a stall's wall time there is mostly waiting for a core.
// Writes bench/results/store-pglite-main-thread.json. Run after `npm run build`:
//   node bench/store/pglite-main-thread.mjs [--base <commit>]

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { mainThreadCpuMs } from '../main-thread-cpu.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string' }, child: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});

const alerts = {
  '1 MB of one character': () =>
    JSON.stringify({ title: 'Large field', host: 'web-01', data: 'A'.repeat(1_000_000) }),
  '20,000 IP addresses': () =>
    JSON.stringify({
      title: 'Scan from many addresses',
      host: 'web-01',
      sources: Array.from(
        { length: 20_000 },
        (_, i) => `185.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      ),
    }),
};

if (args.child !== undefined) {
  // One build: its store module at args.child.
  const { openStore, drizzleStore } = await import(pathToFileURL(join(args.child, 'store/index.js')).href);
  const { sql } = await import('drizzle-orm');
  const store = await openStore({ location: 'memory://' });
  const { db } = drizzleStore(store);
  await db.execute(
    sql.raw(`create table alerts (id serial primary key, raw text not null, seen integer not null default 1,
    search tsvector generated always as (to_tsvector('simple', regexp_replace(left(raw, 100000), '[:/=]+', ' ', 'g'))) stored)`),
  );
  await db.execute(sql.raw('create index alerts_search_idx on alerts using gin (search)'));
  const results = {};
  for (const [name, make] of Object.entries(alerts)) {
    const raw = make();
    const longest = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      let worst = 0;
      let lastCpu = mainThreadCpuMs();
      let lastWall = performance.now();
      const timer = setInterval(() => {
        const [wall, cpu] = [performance.now(), mainThreadCpuMs()];
        if (wall - lastWall > 20) worst = Math.max(worst, cpu - lastCpu);
        [lastWall, lastCpu] = [wall, cpu];
      }, 10);
      await new Promise((resolve) => setTimeout(resolve, 30));
      [lastWall, lastCpu] = [performance.now(), mainThreadCpuMs()];
      await db.transaction(async (tx) => {
        const [row] = (await tx.execute(sql`insert into alerts (raw) values (${raw}) returning id`)).rows;
        for (let n = 0; n < 4; n++)
          await tx.execute(sql`update alerts set seen = seen + 1 where id = ${row.id}`);
      });
      await db.execute(sql`select raw, search from alerts order by id desc limit 1`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      clearInterval(timer);
      longest.push(worst);
    }
    results[name] = longest;
  }
  await store.close();
  process.stdout.write(JSON.stringify(results));
  process.exit(0);
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const base = commitOf(args.base ?? '2749850');
const baseline = buildBaseline({ commit: base });
const run = (dist) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', dist, '--rounds', args.rounds],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ),
  );
const loadAtStart = loadavg();
let measured;
try {
  measured = { before: run(baseline.dist), after: run(join(root, 'packages/kioku/build')) };
} finally {
  baseline.remove();
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rows = Object.keys(alerts).map((alert) => ({
  alert,
  beforeMs: measured.before[alert],
  afterMs: measured.after[alert],
  medianBeforeMs: median(measured.before[alert]),
  medianAfterMs: median(measured.after[alert]),
  ratioOfMedians: Number(
    (median(measured.after[alert]) / Math.max(10, median(measured.before[alert]))).toFixed(2),
  ),
}));
for (const row of rows) {
  console.log(
    `${row.alert.padEnd(24)} longest stall by CPU, median of rounds: before ${row.medianBeforeMs} ms (${row.beforeMs.join(' ')}), after ${row.medianAfterMs} ms (${row.afterMs.join(' ')}), ratio ${row.ratioOfMedians}`,
  );
}
writeFileSync(
  new URL('../results/store-pglite-main-thread.json', import.meta.url),
  `${JSON.stringify({ bench: 'store-pglite-main-thread', date: new Date().toISOString(), node: process.version, machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() }, baseline: { commit: base, note: 'the package at this commit, compiled in a temporary directory in the same run' }, rows }, null, 2)}\n`,
);
// Must be able to fail: the median longest stall must fall for the 1 MB alert.
if (!(rows[0].medianAfterMs < rows[0].medianBeforeMs)) {
  console.error('pglite-main-thread: the longest stall did not fall');
  process.exitCode = 1;
}
