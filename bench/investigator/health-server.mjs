// One investigator console server for bench/investigator/health.mjs, in its own process (a stalled event
// loop can then be measured from outside and ended): the build at argv[2] (a directory holding
// apps/investigator/dist), a chat model on the loopback OpenAI-compatible server at argv[3] (its id gpt-4o,
// so kioku counts with OpenAI's tokenizer), an in-memory store, requests named by x-forwarded-user acting
// as analysts. Prints `{ url }` on one line when listening, then one line `{ stall: { at, wallMs, cpuMs } }`
// for each time its event loop did not turn for more than 30 ms (a 10 ms timer late by over 20 ms): `at` when it turned again (ms since the
// epoch), `cpuMs` the CPU time this process's main thread used meanwhile (from /proc on Linux; elsewhere
// the whole process's, an upper bound). On a loaded machine a stall's wall time is mostly waiting for a
// core; its CPU time is the work done on the event loop. On the IPC channel, `reset` restarts Node's own
// event-loop delay histogram (perf_hooks monitorEventLoopDelay, sampled every 10 ms) and `report` answers
// `{ eventLoopDelay: { p50Ms, p99Ms, maxMs } }` for the time since. `{ fill: { id, count } }` copies the stored
// alert `id` `count` times in one statement (new ids and fingerprints, created a minute apart) and answers
// `{ filled }`; `{ upkeep: true }` runs this checkout's PGlite upkeep (`pgliteUpkeep`: vacuum the job
// table, analyze the alert table's listed columns) on the store and answers `{ upkept }` with the errors of
// its statements (the upkeep itself ignores them).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { sql } from 'drizzle-orm';
import { createHashingEmbedder } from 'kioku/store';
import { mainThreadCpuMs } from '../main-thread-cpu.mjs';

const [root, baseUrl] = process.argv.slice(2);
const load = (path) => import(`${root}/apps/investigator/dist/${path}`);
const { pgliteUpkeep } = await import('../../apps/investigator/dist/alerts/pglite-upkeep.js');
const { openInvestigatorStore } = await load('store/index.js');
const { createConsoleServer } = await load('server/console/index.js');
const { startServer } = await load('server/index.js');
const { createIntelFeeds, createThreatIntel } = await load('intel/index.js');
const store = await openInvestigatorStore({ location: 'memory://' });
const provider = createOpenAICompatible({ name: 'openai', baseURL: baseUrl, apiKey: 'loopback' });
const app = createConsoleServer({
  store,
  token: 'a-webhook-token-of-32-characters',
  embedder: createHashingEmbedder(),
  chatModel: provider.chatModel('gpt-4o'),
  intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
  contextWindow: 128_000,
  settings: { model: 'openai:gpt-4o', logEngine: 'none', threatIntel: [] },
  proxyHeader: 'x-forwarded-user',
  // Chat needs the analyst role (a proxy user is a viewer by default since roles came); the build before
  // roles ignores the option.
  proxyRole: 'analyst',
  webRoot: '/nonexistent',
});
const server = await startServer({ app, port: 0 });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

let lastWall = performance.now();
let lastCpu = mainThreadCpuMs();
setInterval(() => {
  const wall = performance.now();
  const cpu = mainThreadCpuMs();
  const wallMs = wall - lastWall;
  if (wallMs > 30) {
    const stall = { at: performance.timeOrigin + wall, wallMs: Math.round(wallMs), cpuMs: cpu - lastCpu };
    process.stdout.write(`${JSON.stringify({ stall })}\n`);
  }
  lastWall = wall;
  lastCpu = cpu;
}, 10);
// Ended by the bench: exit, so that a server run with --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;
process.on('message', (message) => {
  if (message?.fill !== undefined) void fill(message.fill).then((filled) => process.send({ filled }));
  if (message?.upkeep !== undefined) void upkeep().then((upkept) => process.send({ upkept }));
  if (message === 'reset') delay.reset();
  if (message === 'report') {
    process.send({
      eventLoopDelay: {
        p50Ms: ms(delay.percentile(50)),
        p99Ms: ms(delay.percentile(99)),
        maxMs: ms(delay.max),
      },
    });
  }
});

/** Copies one stored alert `count` times (every column but the generated ones; new ids and fingerprints). */
async function fill({ id, count }) {
  const { rows } = await store.db.execute(
    sql`select column_name as name from information_schema.columns where table_name = 'investigator_alerts' and is_generated = 'NEVER' order by ordinal_position`,
  );
  const names = rows.map((row) => row.name);
  const value = (name) =>
    ({
      id: `a.id || '-' || n`,
      fingerprint: `a.fingerprint || '-' || n`,
      created_at: `a.created_at - n * interval '1 minute'`,
    })[name] ?? `a.${name}`;
  await store.db.execute(
    sql.raw(
      `insert into investigator_alerts (${names.join(', ')}) select ${names.map(value).join(', ')} from investigator_alerts a, generate_series(1, ${Number(count)}) n where a.id = '${String(id).replaceAll("'", "''")}'`,
    ),
  );
  const counted = await store.db.execute(sql`select count(*)::int as alerts from investigator_alerts`);
  return counted.rows[0].alerts;
}

/** This checkout's upkeep on the store, with the errors its statements met. */
async function upkeep() {
  const errors = [];
  const watched = {
    driver: store.driver,
    db: {
      execute: (query) =>
        store.db.execute(query).catch((error) => {
          errors.push(error instanceof Error ? (error.cause?.message ?? error.message) : String(error));
          throw error;
        }),
    },
  };
  await pgliteUpkeep(watched).run();
  return { errors };
}
