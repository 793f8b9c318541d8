// CPU cost of a session append against plain inserts of the same rows, in the same run, on the same
// embedded store (a PGlite directory). The messages are the agent runs shipped in samples/ (the SOC
// investigation and the OpenHands run: tool calls, tool results of a few kB), appended one message at a
// time (the most appends per message), each run into a new session.
// - kioku: `createSessionStore(store).append({ sessionId, messages: [message] })` — checked against the
//   AI SDK's schema, positioned after the session's count, counted;
// - plain insert, same writes: what an append writes, by hand through the same store's Drizzle database
//   (a transaction that bumps the session's counter and inserts the row, `db.insert(...).values(...)`),
//   no check: the baseline of the target;
// - bare insert: the row alone (`db.insert(kioku_session_messages).values(...)`, the position counted by
//   the caller, no session counter): the least a database write of the message costs;
// - kioku before: the append of the code before this bench (`--base`, default 2ad45d7: a replacer
//   stringify, a parse and the schema per message, then Drizzle's serialisation, in a transaction), built
//   in a temporary directory in this run and given the same store.
// Blocks of each alternate (ABC, BCA, CAB…) so that load changes hit all; CPU time (process.cpuUsage:
// user + system, this process, where PGlite runs) per message, medians over blocks. Writes
// bench/results/store-append.json. Run after `npm run build`:
//   node bench/store/append.mjs [--blocks 12] [--repeat 3] [--base <commit>]

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { createSessionStore, openStore } from 'kioku/store';
import { drizzleStore, storeSchema } from 'kioku/store/drizzle';
import { importTranscript } from 'kioku/transcripts';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { percentile } from '../percentile.mjs';

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '12' },
    repeat: { type: 'string', default: '3' },
    base: { type: 'string', default: '2ad45d73aad24b76026292593ed1906817a7fedc' },
  },
});
const base = commitOf(values.base);
const baseline = buildBaseline({ commit: base });
const before = await import(pathToFileURL(join(baseline.dist, 'sessions/index.js')).href);
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

const directory = mkdtempSync(join(tmpdir(), 'kioku-append-bench-'));
const store = await openStore({ location: join(directory, 'store') });
const sessions = createSessionStore(store);
const sessionsBefore = before.createSessionStore(store);
const { db } = drizzleStore(store);
const { sessions: sessionTable, sessionMessages: messageTable } = storeSchema;

const ways = {
  async kioku(run) {
    const { id } = await sessions.create({});
    for (const message of run.messages) await sessions.append({ sessionId: id, messages: [message] });
  },
  async kiokuBefore(run) {
    const { id } = await sessionsBefore.create({});
    for (const message of run.messages) await sessionsBefore.append({ sessionId: id, messages: [message] });
  },
  async sameWrites(run) {
    const { id } = await sessions.create({});
    for (const message of run.messages) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sessionTable)
          .set({ messageCount: sql`${sessionTable.messageCount} + 1`, updatedAt: sql`now()` })
          .where(eq(sessionTable.id, id))
          .returning({ messageCount: sessionTable.messageCount });
        await tx.insert(messageTable).values({ sessionId: id, position: row.messageCount - 1, message });
      });
    }
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
  const before = process.cpuUsage();
  for (let round = 0; round < repeat; round += 1) for (const run of runs) await ways[way](run);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / perBlock;
}

// Warm-up: one block each (JIT, PGlite's caches, the first pages of each table).
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
await store.close();
rmSync(directory, { recursive: true, force: true });
baseline.remove();

const median = (list) => percentile(list, 50);
const ratiosTo = (baseline) => micros.kioku.map((value, index) => value / micros[baseline][index]);
const ratioSummary = (baseline) => {
  const ratios = ratiosTo(baseline);
  return {
    median: round(median(ratios), 3),
    p90: round(percentile(ratios, 90), 3),
    perBlock: ratios.map((r) => round(r, 3)),
    extraMicrosPerMessage: round(median(micros.kioku) - median(micros[baseline])),
  };
};
const result = {
  bench: 'store-append',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: load,
  conditions: {
    store: 'PGlite directory store (this process), one message per append',
    messages: runs.map((run) => ({ file: run.file, messages: run.messages.length })),
    meanMessageBytes: Math.round(bytes / runs.reduce((sum, run) => sum + run.messages.length, 0)),
    messagesPerBlock: perBlock,
    blocks,
    measure: 'process.cpuUsage (user + system) per message, per block; rotating order; medians over blocks',
  },
  cpuMicrosPerMessage: Object.fromEntries(
    names.map((way) => [
      way,
      { median: round(median(micros[way])), blocks: micros[way].map((v) => round(v)) },
    ]),
  ),
  baseline: {
    commit: base,
    note: 'kiokuBefore: the package at this commit, built in a temporary directory in this run',
  },
  kiokuAgainst: {
    sameWrites: ratioSummary('sameWrites'),
    bareInsert: ratioSummary('bareInsert'),
    kiokuBefore: ratioSummary('kiokuBefore'),
  },
  target: 'kioku ≤ 1.2× the plain insert of the same writes',
};
result.meetsTarget = result.kiokuAgainst.sameWrites.median <= 1.2;
const cpu = result.cpuMicrosPerMessage;
console.log(`per message, CPU, median of ${blocks} blocks of ${perBlock} messages:`);
console.log(`  ${'kioku append'.padEnd(36)} ${cpu.kioku.median} µs`);
for (const [way, label] of [
  ['sameWrites', 'plain insert, same writes'],
  ['bareInsert', 'bare insert (no session counter)'],
  ['kiokuBefore', `kioku append before (${base.slice(0, 7)})`],
]) {
  const against = result.kiokuAgainst[way];
  console.log(
    `  ${label.padEnd(36)} ${cpu[way].median} µs: kioku ${against.median}× (p90 ${against.p90}×), ${against.extraMicrosPerMessage} µs more`,
  );
}
console.log(`target ≤ 1.2× the plain insert of the same writes: ${result.meetsTarget ? 'met' : 'NOT met'}`);
const out = new URL('../results/store-append.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
console.log(`wrote ${fileURLToPath(out)}`);

function round(value, digits = 1) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
