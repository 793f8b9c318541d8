// Memory recall at scale: 100,000 memories of 768 dimensions (synthetic, clustered, seeded) in one store,
// searched through kioku's recall (HNSW, cosine) in PGlite in this process and through `pg` over the
// Postgres wire protocol (the same PGlite served by @electric-sql/pglite-socket on loopback), and in a real
// PostgreSQL server (Debian's, with pgvector built from ../shared/vendor, started here in a temporary
// directory by kioku/test's postgresCluster; without it the column is left out, saying why), side by side:
// batched insert rate, HNSW build time, p95 recall latency and recall@32 against exact search (computed
// here, in JavaScript) for several ef_search, insert rate with the index in place, and 8 concurrent
// writers x 1,000 score updates each, checked exactly. Writes bench/results/memory-recall.json
// (memory-recall-<count>.json for another --count).
// Run after `npm run build`:  node bench/memory/recall.mjs [--count 100000] [--queries 200]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrations, openMemory, openStore } from 'kioku/store';
import { migrateStore, registerVectorSerializer, storeFromDatabase, storeSchema } from 'kioku/store/drizzle';
import { postgresCluster } from 'kioku/test';
import { percentile } from '../percentile.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    m: { type: 'string', default: '16' },
    'ef-construction': { type: 'string', default: '64' },
    // PGlite's shared_buffers (default: PGlite's own, 128MB, as openStore opens it). An HNSW index larger
    // than shared_buffers is read from PGlite's in-memory file system page by page, which costs latency.
    'shared-buffers': { type: 'string' },
  },
});
const count = Number(args.count);
const queryCount = Number(args.queries);
const dimensions = 768;
const clusters = Math.max(10, Math.round(count / 100));
const k = 32;
const batch = 500;
const hnsw = { m: Number(args.m), efConstruction: Number(args['ef-construction']) };
const efSearches = [40, 64, 100, 160];
const writers = 8;
const updatesPerWriter = 1000;
const started = performance.now();
// Timings depend on what else runs: the load average at the start and end is recorded with the results.
const loadAtStart = loadavg()[0];
const log = (message) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

// --- synthetic data: seeded, clustered ---------------------------------------------------------------
// Each cluster has a centre drawn from N(0, I) and its own spread s in [0.6, 1.2]; a point is centre + s·N(0, I).
// Two points of one cluster have a cosine similarity of about 1/(1+s²) (0.4–0.75), of two clusters about 0:
// the shape of embeddings of requests about a few hundred topics.
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20251122);
let spare;
function gaussian() {
  if (spare !== undefined) {
    const value = spare;
    spare = undefined;
    return value;
  }
  const radius = Math.sqrt(-2 * Math.log(random() + 1e-12));
  const angle = 2 * Math.PI * random();
  spare = radius * Math.sin(angle);
  return radius * Math.cos(angle);
}
const centres = Array.from({ length: clusters }, () => Float64Array.from({ length: dimensions }, gaussian));
const spreads = Array.from({ length: clusters }, () => 0.6 + 0.6 * random());
function point(into, offset) {
  const cluster = Math.floor(random() * clusters);
  const centre = centres[cluster];
  const spread = spreads[cluster];
  let squares = 0;
  for (let i = 0; i < dimensions; i++) {
    const value = centre[i] + spread * gaussian();
    into[offset + i] = value;
    squares += value * value;
  }
  const norm = Math.sqrt(squares);
  for (let i = 0; i < dimensions; i++) into[offset + i] = Math.fround(into[offset + i] / norm);
}
const vectors = new Float32Array(count * dimensions);
for (let row = 0; row < count; row++) point(vectors, row * dimensions);
const queries = new Float32Array(queryCount * dimensions);
for (let row = 0; row < queryCount; row++) point(queries, row * dimensions);
log(`generated ${count} memories and ${queryCount} queries (${clusters} clusters, ${dimensions} dimensions)`);

// An embedder for the benchmark: 'q:<i>' is query i, 'm:<i>' memory i; any other text a seeded random vector.
const bySeed = (text) => {
  let seed = 2166136261;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  const next = rng(seed);
  return Array.from({ length: dimensions }, () => next() - 0.5);
};
const embedder = {
  id: 'bench-synthetic-768',
  dimensions,
  kind: 'semantic',
  embed: async (texts) =>
    texts.map((text) => {
      const [kind, index] = text.split(':');
      const source = kind === 'q' ? queries : kind === 'm' ? vectors : undefined;
      if (source === undefined || index === undefined) return bySeed(text);
      return Array.from(source.subarray(Number(index) * dimensions, (Number(index) + 1) * dimensions));
    }),
};

// --- exact search, in JavaScript ----------------------------------------------------------------------
function exactTop(queryIndex) {
  const q = queries.subarray(queryIndex * dimensions, (queryIndex + 1) * dimensions);
  const best = [];
  for (let row = 0; row < count; row++) {
    let dot = 0;
    const offset = row * dimensions;
    for (let i = 0; i < dimensions; i++) dot += q[i] * vectors[offset + i];
    if (best.length < k || dot > best[best.length - 1].dot) {
      best.push({ id: row + 1, dot });
      best.sort((a, b) => b.dot - a.dot);
      if (best.length > k) best.pop();
    }
  }
  return best.map((entry) => entry.id);
}
const exact = Array.from({ length: queryCount }, (_, index) => exactTop(index));
log('computed the exact top 32 of every query');

const rowsOf = (result) => result.rows;

// --- stores: PGlite in this process, and the same PGlite through pg over loopback ----------------------
const sharedBuffers = args['shared-buffers'];
// With --shared-buffers, the store is assembled as openStore assembles it, from a PGlite started with that
// setting (openStore has no option for it yet).
async function openLocalStore() {
  if (sharedBuffers === undefined) return openStore({ location: 'memory://' });
  const pglite = await PGlite.create('memory://', {
    extensions: { vector },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  const db = drizzle({ client: pglite, schema: storeSchema });
  await migrateStore(db, { migrations, location: 'memory://' });
  await registerVectorSerializer(pglite, db);
  return storeFromDatabase({ driver: 'pglite', location: 'memory://', db, close: () => pglite.close() });
}
const local = await openLocalStore();
const [{ shared_buffers: sharedBuffersSetting }] = rowsOf(await local.db.execute(sql`show shared_buffers`));
const client = local.db.$client;
const server = new PGLiteSocketServer({ db: client, host: '127.0.0.1', port: 0, maxConnections: 32 });
await server.start();
const wire = await openStore({
  location: `postgres://postgres:bench@${server.getServerConn()}/postgres?sslmode=disable`,
});
const engines = [
  { name: 'pglite', label: 'PGlite in process', store: local },
  { name: 'wire', label: 'PostgreSQL wire (pg → pglite-socket)', store: wire },
];
const postgres = postgresCluster();
let postgresVersion;
if (postgres.skip === undefined) {
  await postgres.setup();
  const store = await openStore({ location: postgres.url() });
  [{ version: postgresVersion }] = rowsOf(await store.db.execute(sql`select version() as version`));
  engines.push({ name: 'postgres', label: 'PostgreSQL server (pg)', store });
  log(`started ${postgresVersion}`);
} else {
  log(`no PostgreSQL column: ${postgres.skip}`);
}
const vectorText = (source, index) => {
  const parts = new Array(dimensions);
  for (let i = 0; i < dimensions; i++) parts[i] = source[index * dimensions + i].toPrecision(9);
  return `[${parts.join(',')}]`;
};
const memories = Object.fromEntries(
  await Promise.all(
    engines.map(async (engine) => [
      engine.name,
      await openMemory({ store: engine.store, embedder, namespace: 'bench', hnsw }),
    ]),
  ),
);
const postgresEngine = engines.find((engine) => engine.name === 'postgres');

// Through Memory.addMany (batches of 500 rows, vectors sent in pgvector's binary format), 5,000 at a time.
async function insertRows(memory, from, to, tag = 'bulk') {
  for (let start = from; start < to; start += 5000) {
    const entries = [];
    for (let row = start; row < Math.min(start + 5000, to); row++) {
      entries.push({
        claim: `${tag} claim ${row + 1}`,
        request: `m:${row}`,
        embedding: Array.from(vectors.subarray(row * dimensions, (row + 1) * dimensions)),
      });
    }
    const { stored } = await memory.addMany(entries);
    if (stored !== entries.length) throw new Error(`stored ${stored} of ${entries.length}`);
  }
}

// Bulk load without the index (pgvector builds HNSW far faster over loaded data than row by row), each half
// of the table through one engine.
await local.db.execute(sql`drop index kioku_memories_embedding_hnsw_idx`);
const half = Math.floor(count / 2);
const insert = {};
for (const [engine, from, to] of [
  [engines[0], 0, half],
  [engines[1], half, count],
]) {
  const begin = performance.now();
  await insertRows(memories[engine.name], from, to);
  const seconds = (performance.now() - begin) / 1000;
  insert[engine.name] = {
    rows: to - from,
    seconds: round(seconds),
    rowsPerSecond: Math.round((to - from) / seconds),
  };
  log(
    `${engine.label}: inserted ${to - from} rows in batches of ${batch}: ${insert[engine.name].rowsPerSecond} rows/s`,
  );
}

let begin = performance.now();
await local.db.execute(sql.raw(`set maintenance_work_mem = '1GB'`));
await local.db.execute(
  sql.raw(
    `create index kioku_memories_embedding_hnsw_idx on kioku_memories using hnsw (embedding vector_cosine_ops) with (m = ${hnsw.m}, ef_construction = ${hnsw.efConstruction})`,
  ),
);
const indexBuildSeconds = round((performance.now() - begin) / 1000);
log(
  `built the HNSW index (m ${hnsw.m}, ef_construction ${hnsw.efConstruction}) over ${count} rows in ${indexBuildSeconds} s`,
);

// The PostgreSQL server holds its own copy of all the rows, loaded the same way, and builds its own index
// (with PostgreSQL's default parallel maintenance workers).
let postgresIndexBuildSeconds;
if (postgresEngine !== undefined) {
  await postgresEngine.store.db.execute(sql`drop index kioku_memories_embedding_hnsw_idx`);
  begin = performance.now();
  await insertRows(memories.postgres, 0, count);
  const seconds = (performance.now() - begin) / 1000;
  insert.postgres = { rows: count, seconds: round(seconds), rowsPerSecond: Math.round(count / seconds) };
  log(
    `${postgresEngine.label}: inserted ${count} rows in batches of ${batch}: ${insert.postgres.rowsPerSecond} rows/s`,
  );
  begin = performance.now();
  await postgresEngine.store.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '1GB'`));
    await tx.execute(
      sql.raw(
        `create index kioku_memories_embedding_hnsw_idx on kioku_memories using hnsw (embedding vector_cosine_ops) with (m = ${hnsw.m}, ef_construction = ${hnsw.efConstruction})`,
      ),
    );
  });
  await postgresEngine.store.db.execute(sql`analyze kioku_memories`);
  postgresIndexBuildSeconds = round((performance.now() - begin) / 1000);
  log(`${postgresEngine.label}: built the HNSW index over ${count} rows in ${postgresIndexBuildSeconds} s`);
}

const [{ index: indexSize, table: tableSize }] = rowsOf(
  await local.db.execute(
    sql`select pg_size_pretty(pg_relation_size('kioku_memories_embedding_hnsw_idx')) as index, pg_size_pretty(pg_total_relation_size('kioku_memories')) as table`,
  ),
);
log(
  `index ${indexSize}, table with its TOAST and indexes ${tableSize}, PGlite shared_buffers ${sharedBuffersSetting}`,
);
const plan = rowsOf(
  await local.db.execute(
    sql`explain select id, embedding <=> ${vectorText(queries, 0)}::vector as distance from kioku_memories where namespace = 'bench' order by distance limit 32`,
  ),
)
  .map((row) => Object.values(row)[0])
  .join('\n');
if (!plan.includes('kioku_memories_embedding_hnsw_idx'))
  throw new Error(`recall does not use the HNSW index:\n${plan}`);

// --- recall: latency and recall@32 per ef_search, through kioku's Memory.recall -----------------------
const recall = {};
for (const engine of engines) {
  recall[engine.name] = {};
  for (const efSearch of efSearches) {
    const memory = await openMemory({ store: engine.store, embedder, namespace: 'bench', efSearch, hnsw });
    for (let warm = 0; warm < 20; warm++)
      await memory.recall({ request: `q:${warm % queryCount}`, threshold: -1, limit: k });
    const latencies = [];
    let found = 0;
    for (let index = 0; index < queryCount; index++) {
      const start = performance.now();
      const recalled = await memory.recall({ request: `q:${index}`, threshold: -1, limit: k });
      latencies.push(performance.now() - start);
      const truth = new Set(exact[index]);
      found += recalled.filter((entry) => truth.has(Number(entry.request.slice(2)) + 1)).length;
    }
    recall[engine.name][efSearch] = {
      recallAt32: round(found / (queryCount * k)),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
    };
    log(
      `${engine.label}, ef_search ${efSearch}: recall@32 ${recall[engine.name][efSearch].recallAt32}, p95 ${recall[engine.name][efSearch].p95Ms} ms`,
    );
  }
}

// --- writes with the index in place: batched rows, and Memory.learn (embed, near-duplicate search, insert)
const indexedInsert = {};
const learnCalls = 100;
for (const [index, engine] of engines.entries()) {
  // PGlite and the wire share one database, so they write different rows; the server has its own.
  const offset = engine.name === 'postgres' ? 0 : index;
  const rows = 1000;
  begin = performance.now();
  await insertRows(memories[engine.name], offset * rows, (offset + 1) * rows, 'indexed');
  const batchedSeconds = (performance.now() - begin) / 1000;
  const memory = await openMemory({ store: engine.store, embedder, namespace: 'bench', hnsw });
  begin = performance.now();
  for (let call = 0; call < learnCalls; call++) {
    await memory.learn({
      request: `m:${(offset * learnCalls + call) * 7}`,
      claims: [`learned claim ${offset} ${call}`],
    });
  }
  const learnSeconds = (performance.now() - begin) / 1000;
  indexedInsert[engine.name] = {
    batchedRowsPerSecond: Math.round(rows / batchedSeconds),
    learnCallsPerSecond: round(learnCalls / learnSeconds),
  };
  log(
    `${engine.label}, index in place: ${indexedInsert[engine.name].batchedRowsPerSecond} rows/s batched, ${indexedInsert[engine.name].learnCallsPerSecond} learn calls/s`,
  );
}

// --- concurrent scoring: 8 writers x 1,000 updates, then every score checked --------------------------
// Writer w, update u: +1 on a; on b, +1 (u even) or -1 (u odd), so b never dips below 0 and is never
// deleted; +1 on c when w is even. Expected: a = 8,000, b = 0, c = 4,000.
const scoring = {};
for (const engine of engines) {
  const memory = await openMemory({
    store: engine.store,
    embedder,
    namespace: `scoring-${engine.name}`,
    hnsw,
  });
  const { stored } = await memory.learn({ request: 'scoring', claims: ['shared a', 'shared b', 'shared c'] });
  const [a, b, c] = stored.map((entry) => entry.id);
  begin = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let update = 0; update < updatesPerWriter; update++) {
        await memory.score({
          helpful: [a, ...(update % 2 === 0 ? [b] : []), ...(writer % 2 === 0 ? [c] : [])],
          harmful: update % 2 === 1 ? [b] : [],
        });
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const scores = Object.fromEntries((await memory.list()).map((entry) => [entry.id, entry.score]));
  const expected = { [a]: writers * updatesPerWriter, [b]: 0, [c]: (writers / 2) * updatesPerWriter };
  const exactScores = JSON.stringify(scores) === JSON.stringify(expected);
  scoring[engine.name] = {
    writers,
    updatesPerWriter,
    seconds: round(seconds),
    updatesPerSecond: Math.round((writers * updatesPerWriter) / seconds),
    expected: Object.values(expected),
    final: Object.values(scores),
    exact: exactScores,
  };
  log(
    `${engine.label}: ${writers} x ${updatesPerWriter} concurrent score updates in ${round(seconds)} s, scores ${exactScores ? 'exact' : 'WRONG'} (${Object.values(scores).join(', ')})`,
  );
  if (!exactScores) process.exitCode = 1;
}

await wire.close();
await server.stop();
await local.close();
await postgresEngine?.store.close();
await postgres.teardown();

function round(value) {
  return Math.round(value * 1000) / 1000;
}

const chosen = efSearches.find((ef) => recall.pglite[ef].recallAt32 >= 0.95) ?? efSearches.at(-1);
const result = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]) },
  data: { memories: count, dimensions, clusters, queries: queryCount, k, seed: 20251122 },
  hnsw: { ...hnsw, indexBuildSeconds },
  pgliteSharedBuffers: sharedBuffersSetting,
  postgres:
    postgresEngine === undefined
      ? { skipped: postgres.skip }
      : { version: postgresVersion, indexBuildSeconds: postgresIndexBuildSeconds },
  sizes: { index: indexSize, table: tableSize },
  insert,
  recall,
  chosenEfSearch: chosen,
  indexedInsert,
  scoring,
  targets: {
    p95MsAtMost: 10,
    recallAt32AtLeast: 0.95,
    insertRowsPerSecondAtLeast: 1000,
  },
  totalSeconds: round((performance.now() - started) / 1000),
};
const resultsDir = new URL('../results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
// A run of another size or setting gets its own file, so the 100,000-memory figures are never replaced by it.
const resultFile = `memory-recall${count === 100_000 ? '' : `-${count}`}${
  sharedBuffers === undefined ? '' : `-shared-buffers-${sharedBuffers}`
}.json`;
writeFileSync(new URL(resultFile, resultsDir), `${JSON.stringify(result, null, 2)}\n`);

const withPostgres = postgresEngine !== undefined;
const ratio = (value, localValue) => `${(value / localValue).toFixed(2)}x`;
const line = (label, pick, target = '') => {
  const localValue = pick('pglite');
  const cells = [label, String(localValue), String(pick('wire')), ratio(pick('wire'), localValue)];
  if (withPostgres) cells.push(String(pick('postgres')), ratio(pick('postgres'), localValue));
  return [...cells, target];
};
const rows = [
  line('batched insert, no index (rows/s)', (engine) => insert[engine].rowsPerSecond, '>= 1000'),
  ...efSearches.flatMap((ef) => [
    line(`recall@32, ef_search ${ef}`, (engine) => recall[engine][ef].recallAt32, '>= 0.95'),
    line(`p95 latency ms, ef_search ${ef}`, (engine) => recall[engine][ef].p95Ms, '<= 10'),
  ]),
  line('batched insert, index in place (rows/s)', (engine) => indexedInsert[engine].batchedRowsPerSecond),
  line('Memory.learn with index (calls/s)', (engine) => indexedInsert[engine].learnCallsPerSecond),
  line(
    '8 x 1000 concurrent score updates (updates/s)',
    (engine) => scoring[engine].updatesPerSecond,
    'exact',
  ),
];
const header = [
  '',
  'PGlite',
  'wire',
  'wire / PGlite',
  ...(withPostgres ? ['PostgreSQL', 'PostgreSQL / PGlite'] : []),
  'target',
];
const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
console.log(
  [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    )
    .join('\n'),
);
console.log(
  `HNSW build over ${count} rows: ${indexBuildSeconds} s (PGlite, one core; the wire shares that engine); ` +
    `index ${indexSize}, PGlite shared_buffers ${sharedBuffersSetting}. ` +
    (withPostgres
      ? `PostgreSQL: HNSW build ${postgresIndexBuildSeconds} s (${postgresVersion}). `
      : `No PostgreSQL column: ${postgres.skip}. `) +
    `Scores exact: ${engines.every((engine) => scoring[engine.name].exact)}. Total ${result.totalSeconds} s; load average ` +
    `${result.loadAverage.start} at the start, ${result.loadAverage.end} at the end, on ${result.cpus} CPUs.`,
);
