// Kill test of the embedded store: a writer process (kill-writer.mjs) appends turns and records
// compactions to a PGlite directory store, printing each acknowledged write; it is killed with SIGKILL
// at random moments (during startup and recovery, or while writing). After every kill the store is
// reopened here and checked: it opens, every acknowledged write is there with the exact content
// written, and every session's views name existing message ranges (findSessionProblems). A last check
// reads every session. Writes bench/results/store-kill.json (or --out). Run after `npm run build`:
//   node bench/store/kill.mjs [--kills 200] [--seed 1] [--out bench/results/store-kill.json]
// It runs a snapshot of the built library, so that a rebuild meanwhile does not change the code under test.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { percentile } from '../percentile.mjs';
import { messageAt, random, summaryAt } from './kill-content.mjs';

// Inside the repository (so the snapshot resolves packages from its node_modules), ignored by git.
const snapshot = fileURLToPath(new URL(`./.tmp-kill-${process.pid}/dist/`, import.meta.url));
cpSync(fileURLToPath(new URL('../../packages/kioku/dist/', import.meta.url)), snapshot, { recursive: true });
const built = (path) => import(pathToFileURL(join(snapshot, path)).href);
const { createSessionStore, findSessionProblems, openStore } = await built('entry/store-loader.js');

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: fileURLToPath(new URL('../results/store-kill.json', import.meta.url)) },
  },
});
const kills = Number(values.kills);
const seed = Number(values.seed);
const next = random(seed);
const writer = fileURLToPath(new URL('./kill-writer.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'kioku-kill-'));
const location = join(root, 'store');

/** Acknowledged writes per session: messages [0, acked) and the views by version. */
const ledger = new Map();
const failures = [];
const totals = { appends: 0, messages: 0, compactions: 0, sessions: 0, inFlightCommitted: 0 };
const killedDuring = { startup: 0, writing: 0 };
const reopenMs = [];
let startupMs = 1500;
let everOpened = false;
let killedOnAck = 0;
const started = Date.now();

try {
  for (let kill = 0; kill < kills && failures.length === 0; kill += 1) {
    const run = await runWriter(seed * 100_000 + kill);
    everOpened ||= run.opened;
    const opening = Date.now();
    let store;
    try {
      store = await openStore({ location, create: false });
    } catch (error) {
      // Killed before its first creation was complete: there is no store yet, and nothing to check.
      if (!everOpened && /no store here/.test(error.message)) continue;
      failures.push({ kill, problem: `the store did not reopen: ${error.message}` });
      break;
    }
    reopenMs.push(Date.now() - opening);
    try {
      for (const sessionId of run.touched) await verify(store, sessionId, kill);
    } finally {
      await store.close();
    }
    process.stderr.write(
      `kill ${kill + 1}/${kills}: ${run.acks} acknowledged, startup ${startupMs} ms, reopen ${reopenMs.at(-1)} ms, check ${Date.now() - opening} ms\n`,
    );
  }
  if (failures.length === 0) {
    const store = await openStore({ location, create: false });
    try {
      for (const problem of await findSessionProblems(store)) failures.push({ kill: 'final', ...problem });
      for (const sessionId of ledger.keys()) await verify(store, sessionId, 'final');
    } finally {
      await store.close();
    }
  }
} finally {
  // A store that failed a check is kept for a post-mortem.
  if (failures.length === 0) rmSync(root, { recursive: true, force: true });
  rmSync(join(snapshot, '..'), { recursive: true, force: true });
}

const report = {
  description:
    'SIGKILL a process writing sessions to a PGlite directory store at random moments, reopen, check every ' +
    'acknowledged write and every view',
  kills,
  seed,
  node: process.version,
  pglite: JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)),
  ).version,
  killedDuringStartup: killedDuring.startup,
  killedWhileWriting: killedDuring.writing,
  killedRightAfterAnAcknowledgement: killedOnAck,
  acknowledged: {
    sessions: totals.sessions,
    appends: totals.appends,
    messages: totals.messages,
    compactions: totals.compactions,
  },
  unacknowledgedWritesFoundCommitted: totals.inFlightCommitted,
  reopenMs: { median: percentile(reopenMs, 50), p95: percentile(reopenMs, 95) },
  lostAcknowledgedWrites: failures.filter((failure) => failure.lost).length,
  failures,
  ...(failures.length === 0 ? {} : { keptStore: location }),
  ok: failures.length === 0,
  seconds: Math.round((Date.now() - started) / 1000),
};
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
process.exitCode = report.ok ? 0 : 1;

/** Runs the writer until a random moment, kills it with SIGKILL, and records what it acknowledged. */
function runWriter(writerSeed) {
  const child = spawn(process.execPath, [writer, location, String(writerSeed), snapshot], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const spawned = Date.now();
  // 20%: at a random moment of startup (open, crash recovery, migrations); 30%: the instant a chosen
  // write is acknowledged (the worst case for an acknowledged write); 50%: a random moment of writing.
  const mode = next();
  const duringStartup = mode < 0.2;
  const onAck = mode >= 0.2 && mode < 0.5 ? 1 + Math.floor(next() * 20) : undefined;
  const touched = new Set();
  let pending = '';
  let stderr = '';
  let acks = 0;
  let opened = false;
  let timer;
  const killAfter = (ms) => {
    timer = setTimeout(() => child.kill('SIGKILL'), ms);
  };
  if (duringStartup) killAfter(next() * startupMs);
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const record = JSON.parse(line);
      acks += 1;
      if (record.op === 'open') {
        opened = true;
        startupMs = Date.now() - spawned;
        if (!duringStartup && onAck === undefined) killAfter(next() * 400);
      } else {
        touched.add(record.sessionId);
        acknowledge(record);
        if (acks - 1 === onAck) {
          child.kill('SIGKILL');
          killedOnAck += 1;
        }
      }
    }
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the writer exited by itself (code ${code}, signal ${signal}):\n${stderr}`));
        return;
      }
      killedDuring[opened ? 'writing' : 'startup'] += 1;
      resolve({ touched, acks, opened });
    });
  });
}

function acknowledge(record) {
  if (record.op === 'create') {
    totals.sessions += 1;
    ledger.set(record.sessionId, { acked: 0, views: new Map() });
    return;
  }
  const entry = ledger.get(record.sessionId) ?? { acked: 0, views: new Map() };
  ledger.set(record.sessionId, entry);
  if (record.op === 'append') {
    totals.appends += 1;
    totals.messages += record.to - record.from;
    entry.acked = Math.max(entry.acked, record.to);
  } else {
    totals.compactions += 1;
    entry.views.set(record.version, record.replaces);
  }
}

/** Checks one session against what was acknowledged and what the writer writes. */
async function verify(store, sessionId, kill) {
  const sessions = createSessionStore(store);
  const entry = ledger.get(sessionId);
  const fail = (problem, lost = false) => failures.push({ kill, sessionId, problem, lost });
  let exported;
  try {
    exported = await sessions.export(sessionId);
  } catch (error) {
    fail(`cannot read it: ${error.message}`, true);
    return;
  }
  const { messages, views, session } = exported;
  if (messages.length < entry.acked)
    fail(`${entry.acked} message(s) acknowledged, ${messages.length} stored`, true);
  messages.forEach((message, position) => {
    if (!isDeepStrictEqual(message, messageAt(sessionId, position)))
      fail(`message ${position} differs`, true);
  });
  for (const [version, replaces] of entry.views) {
    const view = views.find((candidate) => candidate.version === version);
    if (view === undefined || !isDeepStrictEqual(view.replaces, replaces)) {
      fail(`acknowledged view ${version} is missing or changed`, true);
    }
  }
  for (const view of views) {
    if (!isDeepStrictEqual(view.summary, summaryAt(sessionId, view.version)))
      fail(`view ${view.version} differs`);
  }
  if (kill !== 'final') {
    totals.inFlightCommitted += messages.length > entry.acked || views.length > entry.views.size ? 1 : 0;
  }
  for (const { problem } of await findSessionProblems(store, { sessionId })) fail(problem);
  if (session.messageCount !== messages.length) fail('messageCount disagrees with the messages stored');
}
