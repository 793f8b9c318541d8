// CPU cost of a session append against a bare insert of the same row, in the same run, on PGlite (a
// directory store in this process) and on a real PostgreSQL server (started here by kioku/test's
// postgresCluster; skipped, saying so, when none is installed). The messages are the agent runs shipped in
// samples/ (the SOC investigation and the OpenHands run: tool calls, tool results of a few kB), appended
// one message at a time (the most appends per message), each run into a new session.
// - kioku: `createSessionStore(store).append({ sessionId, messages: [message] })` — checked against the
//   AI SDK's schema, positioned after the session's last message: one call of kioku_append_message;
// - bare insert: the row alone (`db.insert(kioku_session_messages).values(...)`, the position counted by
//   the caller, no check): the least a database write of the message costs, the baseline of the target;
// - kioku before: the append of the code before this change (`--base`, default 2749850: the session row's
//   counter bumped with every insert), built in a temporary directory in this run, on its own store of
//   its own schema. After the blocks that store is opened by this build (which migrates it) and every
//   session it wrote must read back exactly as the code before read it (`previousStoreReadsTheSame`).
// Blocks of each alternate (ABC, BCA, CAB…) so that load changes hit all; CPU time per message, medians
// over blocks: on PGlite this process (process.cpuUsage, user + system); on PostgreSQL this process plus
// the server's processes (/proc, the postmaster and its children). Writes bench/results/store-append.json;
// exits 1 when a target is missed. Run after `npm run build`:
//   node bench/store/append.mjs [--blocks 12] [--repeat 3] [--base <commit>] [--postgres true|false]

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSessionStore, openStore } from 'kioku/store';
import { drizzleStore, storeSchema } from 'kioku/store/drizzle';
import { postgresCluster } from 'kioku/test';
import { importTranscript } from 'kioku/transcripts';
import pg from 'pg';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { percentile } from '../percentile.mjs';

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '12' },
    repeat: { type: 'string', default: '3' },
    base: { type: 'string', default: '2749850' },
    postgres: { type: 'string', default: 'true' },
  },
});
const base = commitOf(values.base);
const baseline = buildBaseline({ commit: base, storeTemplate: true });
const beforeSessions = await import(pathToFileURL(join(baseline.dist, 'sessions/index.js')).href);
const beforeStore = await import(pathToFileURL(join(baseline.dist, 'store/index.js')).href);
const blocks = Number(values.blocks);
const repeat = Number(values.repeat);

const samples = ['samples/soc-investigation.json', 'samples/openhands/django__django-11099.json'];
const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = samples.map((file) => {
  const [run] = importTranscript(readFileSync(join(root, file)), { file });
  return { file, messages: run.messages };
});
const perBlock = runs.reduce((sum, run) => sum + run.messages.length, 0) * repeat;
const bytes = runs.reduce(
  (sum, run) => sum + run.messages.reduce((n, m) => n + JSON.stringify(m).length, 0),
  0,
);
const { sessionMessages: messageTable } = storeSchema;

/** CPU microseconds used so far by this process (and, given, the server's processes). */
function cpuNow(server) {
  const used = process.cpuUsage();
  return used.user + used.system + (server?.() ?? 0);
}

/** The CPU microseconds of a PostgreSQL server's processes: the postmaster and its children. */
function serverCpu(postmaster) {
  const ticks = 1e6 / 100; // USER_HZ
  return () => {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
      total += (Number(fields[11]) + Number(fields[12])) * ticks;
    }
    return total;
  };
}

/** One store of each schema, the ways to write into them, and how to check and close them. */
async function measure({ name, openCurrent, openPrevious, server }) {
  const store = await openCurrent();
  const sessions = createSessionStore(store);
  const { db } = drizzleStore(store);
  const previous = await openPrevious();
  const sessionsBefore = beforeSessions.createSessionStore(previous);
  const ways = {
    async kioku(run) {
      const { id } = await sessions.create({});
      for (const message of run.messages) await sessions.append({ sessionId: id, messages: [message] });
    },
    async kiokuBefore(run) {
      const { id } = await sessionsBefore.create({});
      for (const message of run.messages) await sessionsBefore.append({ sessionId: id, messages: [message] });
    },
    async bareInsert(run) {
      // The session row exists as for kioku (its id is the messages' foreign key).
      const { id } = await sessions.create({});
      let position = 0;
      for (const message of run.messages) {
        await db.insert(messageTable).values({ sessionId: id, position, message });
        position += 1;
      }
    },
  };
  const names = Object.keys(ways);
  async function block(way) {
    const start = cpuNow(server);
    for (let round = 0; round < repeat; round += 1) for (const run of runs) await ways[way](run);
    return (cpuNow(server) - start) / perBlock;
  }
  // Warm-up: one block each (JIT, the store's caches, the first pages of each table).
  for (const way of names) await block(way);
  const micros = Object.fromEntries(names.map((way) => [way, []]));
  const load = [loadavg()[0]];
  for (let index = 0; index < blocks; index += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const way = names[(index + turn) % names.length];
      micros[way].push(await block(way));
    }
  }
  load.push(loadavg()[0]);
  // The store the code before wrote, as it read it, then as this build reads it after migrating it.
  const written = await sessionsBefore.list();
  const exportsBefore = await Promise.all(written.map((session) => sessionsBefore.export(session.id)));
  await previous.close();
  const migrated = await openPrevious({ reopen: true });
  const sessionsAfter = createSessionStore(migrated);
  const exportsAfter = await Promise.all(written.map((session) => sessionsAfter.export(session.id)));
  const differing = exportsBefore.filter(
    (exported, index) => JSON.stringify(exported) !== JSON.stringify(exportsAfter[index]),
  ).length;
  await migrated.close();
  await store.close();

  const median = (list) => percentile(list, 50);
  const ratioSummary = (against) => {
    const ratios = micros.kioku.map((value, index) => value / micros[against][index]);
    return {
      median: round(median(ratios), 3),
      p90: round(percentile(ratios, 90), 3),
      perBlock: ratios.map((r) => round(r, 3)),
      extraMicrosPerMessage: round(median(micros.kioku) - median(micros[against])),
    };
  };
  const result = {
    store: name,
    loadAverage: load,
    cpuMicrosPerMessage: Object.fromEntries(
      names.map((way) => [
        way,
        { median: round(median(micros[way])), blocks: micros[way].map((v) => round(v)) },
      ]),
    ),
    kiokuAgainst: { bareInsert: ratioSummary('bareInsert'), kiokuBefore: ratioSummary('kiokuBefore') },
    previousStore: {
      sessions: written.length,
      messages: exportsBefore.reduce((n, e) => n + e.messages.length, 0),
      differing,
    },
  };
  result.meetsTarget = result.kiokuAgainst.bareInsert.median <= 1.2;
  result.previousStoreReadsTheSame = differing === 0 && written.length > 0;
  const cpu = result.cpuMicrosPerMessage;
  console.log(`${name}: per message, CPU, median of ${blocks} blocks of ${perBlock} messages:`);
  console.log(`  ${'kioku append'.padEnd(36)} ${cpu.kioku.median} µs`);
  for (const [way, label] of [
    ['bareInsert', 'bare insert of the row'],
    ['kiokuBefore', `kioku append before (${base.slice(0, 7)})`],
  ]) {
    const against = result.kiokuAgainst[way];
    console.log(
      `  ${label.padEnd(36)} ${cpu[way].median} µs: kioku ${against.median}× (p90 ${against.p90}×), ${against.extraMicrosPerMessage} µs more`,
    );
  }
  console.log(`  target ≤ 1.2× the bare insert: ${result.meetsTarget ? 'met' : 'NOT met'}`);
  console.log(
    `  the store the code before wrote (${written.length} sessions), migrated and read by this build: ${differing} differ`,
  );
  return result;
}

const results = [];
const directory = mkdtempSync(join(tmpdir(), 'kioku-append-bench-'));
try {
  results.push(
    await measure({
      name: 'PGlite directory store (this process)',
      openCurrent: () => openStore({ location: join(directory, 'current') }),
      openPrevious: ({ reopen = false } = {}) =>
        (reopen ? openStore : beforeStore.openStore)({ location: join(directory, 'previous') }),
    }),
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const cluster = postgresCluster();
let postgresSkipped;
if (values.postgres !== 'true') postgresSkipped = 'not asked (--postgres false)';
else if (cluster.skip !== undefined) postgresSkipped = cluster.skip;
else {
  await cluster.setup();
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    const { rows } = await admin.query('select pg_backend_pid() as pid');
    const backend = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    const postmaster = Number(backend.slice(backend.lastIndexOf(')') + 2).split(' ')[1]);
    await admin.query('create database previous');
    await admin.end();
    const previousUrl = cluster.url().replace(/\/postgres$/, '/previous');
    results.push(
      await measure({
        name: 'PostgreSQL (a server started here, through pg; this process and the server)',
        openCurrent: () => openStore({ location: cluster.url() }),
        openPrevious: ({ reopen = false } = {}) =>
          (reopen ? openStore : beforeStore.openStore)({ location: previousUrl }),
        server: serverCpu(postmaster),
      }),
    );
  } finally {
    await cluster.teardown();
  }
}
baseline.remove();

const result = {
  bench: 'store-append',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  conditions: {
    messages: runs.map((run) => ({ file: run.file, messages: run.messages.length })),
    meanMessageBytes: Math.round(bytes / runs.reduce((sum, run) => sum + run.messages.length, 0)),
    messagesPerBlock: perBlock,
    blocks,
    measure:
      'CPU (user + system) per message, per block: this process, plus the server processes on PostgreSQL; rotating order; medians over blocks',
  },
  baseline: {
    commit: base,
    note: 'kiokuBefore: the package at this commit, built in a temporary directory in this run, on its own store',
  },
  results,
  ...(postgresSkipped === undefined ? {} : { postgresSkipped }),
  target: 'kioku append ≤ 1.2× a bare insert of the row, on each store',
};
const met = results.every((r) => r.meetsTarget && r.previousStoreReadsTheSame);
const out = new URL('../results/store-append.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
if (postgresSkipped !== undefined) console.log(`PostgreSQL skipped: ${postgresSkipped}`);
console.log(`wrote ${fileURLToPath(out)}`);
if (!met) process.exitCode = 1;

function round(value, digits = 1) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
