// Whether the investigator's server keeps answering while it works on hostile alerts (issue 22): GET
// /health polled every 20 ms from this process while the server (its own process, health-server.mjs)
// ingests an alert through the webhook, shows it (GET /api/alerts/:id), runs a chat turn over it with an
// OpenAI-tokenized model (a loopback OpenAI-compatible server answers), then, its store filled to 3,000
// alerts (one small alert copied in one statement, not measured), runs the PGlite upkeep the summary
// worker runs every 1,000 jobs (vacuum the job table, analyze the alert table: this checkout's
// `pgliteUpkeep` on each build's store). Two alerts: 1 MB of one character in one field, and 20,000 IP
// addresses. Builds in the same run: this checkout, and each commit of `--baseline` (comma-separated;
// default 2749850, main before the second round of fixes) whole, kioku and the investigator, rebuilt from
// git into a temporary folder inside the repository (so it resolves the same node_modules; its kioku
// linked as its node_modules/kioku). An activity that has not finished after --limit seconds (default
// 90) is abandoned and its server ended; a health poll still waiting then counts as its wait so far.
// Reports /health p50/p99/max per activity and build, the event loop's longest stall by wall and by the
// main thread's CPU time, the server's event-loop delay (monitorEventLoopDelay) p99/max and the load
// average, so a reader can tell load from stalls; checks: this checkout's /health p99 <= 100 ms,
// event-loop delay p99 <= 100 ms and longest stall <= 100 ms of CPU in every activity. Writes
// bench/results/investigator-health.json.
// Run after `npm run build`:  node bench/investigator/health.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLoopbackProvider } from 'kioku/test';
import { percentile } from '../percentile.mjs';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string', default: '2749850' },
    limit: { type: 'string', default: '90' },
    // Profiles each server process (node --cpu-prof; the worker threads write their own) into this folder.
    'cpu-prof-dir': { type: 'string' },
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../results/investigator-health.json', import.meta.url)),
    },
  },
});
const limitMs = Number(values.limit) * 1000;
const loadAverageAtStart = loadavg();
const repository = fileURLToPath(new URL('../../', import.meta.url));
const log = (line) => console.error(`[health] ${line}`);
const token = 'a-webhook-token-of-32-characters';

// --- the builds ---------------------------------------------------------------------------------------
const baselines = values.baseline.split(',').filter((commit) => commit !== '');
const baselineRoots = baselines.map((commit) =>
  fileURLToPath(new URL(`./.tmp-health-${process.pid}-${commit}/`, import.meta.url)),
);
const builds = {};
for (const [index, commit] of baselines.entries()) {
  const baselineRoot = baselineRoots[index];
  mkdirSync(`${baselineRoot}node_modules`, { recursive: true });
  log(`building kioku and the investigator at ${commit} in ${baselineRoot}`);
  execFileSync('sh', [
    '-c',
    `git -C "${repository}" archive ${commit} packages/kioku samples apps/investigator tsconfig.base.json | tar -x -C "${baselineRoot}"`,
  ]);
  // The investigator there finds this kioku first (Node walks up from apps/investigator).
  symlinkSync('../packages/kioku', `${baselineRoot}node_modules/kioku`);
  execFileSync('npm', ['run', 'build'], {
    cwd: `${baselineRoot}packages/kioku`,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync(
    process.execPath,
    [
      `${repository}node_modules/typescript/bin/tsc`,
      '-p',
      `${baselineRoot}apps/investigator/tsconfig.build.json`,
    ],
    { stdio: 'inherit' },
  );
  builds[`before (${commit})`] = baselineRoot;
}
builds['this checkout'] = repository;

// --- the hostile alerts -------------------------------------------------------------------------------
const oneCharacter = JSON.stringify({ title: 'Large field', host: 'web-01', data: 'A'.repeat(1_000_000) });
const addresses = Array.from(
  { length: 20_000 },
  (_, i) => `185.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
);
const manyIocs = JSON.stringify({ title: 'Scan from many addresses', host: 'web-01', sources: addresses });
const alerts = { '1 MB of one character': oneCharacter, '20,000 IP addresses': manyIocs };

/** Polls /health every 20 ms until stopped; each poll's latency, a poll still waiting counted until then. */
function pollHealth(url) {
  const latencies = [];
  let stopped = false;
  let pending;
  const loop = (async () => {
    while (!stopped) {
      const began = performance.now();
      pending = began;
      try {
        await fetch(`${url}/health`, { signal: AbortSignal.timeout(limitMs + 10_000) });
        latencies.push(performance.now() - began);
      } catch {
        if (!stopped) latencies.push(performance.now() - began);
      }
      pending = undefined;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    stopped = true;
    if (pending !== undefined) latencies.push(performance.now() - pending);
    await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 100))]);
    return latencies;
  };
}

async function startServerProcess(root, baseUrl) {
  const child = spawn(
    process.execPath,
    [
      ...(values['cpu-prof-dir'] === undefined
        ? []
        : ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof-dir']}`]),
      fileURLToPath(new URL('./health-server.mjs', import.meta.url)),
      root,
      baseUrl,
    ],
    {
      cwd: repository,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  /** Sends `request` on the IPC channel; resolves with the first answer carrying `key`. */
  const ask = (request, key) =>
    new Promise((resolve) => {
      const answer = (message) => {
        if (message?.[key] === undefined) return;
        child.off('message', answer);
        resolve(message[key]);
      };
      child.on('message', answer);
      child.send(request);
    });
  // The server's event-loop delay histogram: restarted before an activity, read after it.
  const eventLoopDelay = {
    reset: () => child.send('reset'),
    read: () => ask('report', 'eventLoopDelay'),
  };
  const stalls = [];
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const lines = text.split('\n');
      text = lines.pop();
      for (const line of lines) {
        const message = JSON.parse(line);
        if (message.url !== undefined) resolve(message.url);
        else stalls.push(message.stall);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  // A profiled server exits on SIGTERM, writing its profile (one still stuck after 10 s is killed).
  const stop = () => {
    if (values['cpu-prof-dir'] === undefined) return child.kill('SIGKILL');
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  };
  return { url, stalls, eventLoopDelay, ask, stop };
}

/**
 * Runs `work` while polling /health; gives up after the limit. Besides the polls' wall times, the server's
 * event-loop stalls in the meantime: the longest by wall time and by the main thread's CPU time.
 */
async function measure({ url, stalls, eventLoopDelay }, work) {
  eventLoopDelay.reset();
  const stop = pollHealth(url);
  const loadBefore = loadavg()[0];
  const began = performance.now();
  const from = performance.timeOrigin + began;
  let outcome;
  try {
    outcome = await Promise.race([
      work().then(() => 'done'),
      new Promise((resolve) =>
        setTimeout(() => resolve(`not done after ${limitMs / 1000} s`), limitMs).unref(),
      ),
    ]);
  } catch (error) {
    outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const seconds = (performance.now() - began) / 1000;
  const latencies = await stop();
  // A server that is stuck cannot answer: its delay is then at least the time waited.
  const delay = await Promise.race([
    eventLoopDelay.read(),
    new Promise((resolve) => setTimeout(() => resolve({ unanswered: true }), 5000).unref()),
  ]);
  // A stall reported up to a second after the work ended (its line may still be on the way) counts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const to = performance.timeOrigin + performance.now();
  const during = stalls.filter((stall) => stall.at >= from && stall.at - stall.wallMs <= to);
  return {
    outcome,
    seconds: round(seconds),
    polls: latencies.length,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(Math.max(...latencies)),
    stalls: during.length,
    longestStallWallMs: Math.max(0, ...during.map((stall) => stall.wallMs)),
    longestStallCpuMs: Math.max(0, ...during.map((stall) => stall.cpuMs)),
    eventLoopDelay: delay,
    loadAverage: [round(loadBefore), round(loadavg()[0])],
  };
}

function round(value) {
  return Number(value.toFixed(1));
}

const provider = await startLoopbackProvider({
  respond: () => ({ text: 'I looked at the alert: nothing more to add.' }),
});
const results = [];
try {
  for (const [build, root] of Object.entries(builds)) {
    for (const [alertName, raw] of Object.entries(alerts)) {
      log(`${build}: ${alertName}`);
      const server = await startServerProcess(root, provider.baseUrl);
      try {
        let id;
        const ingest = await measure(server, async () => {
          const response = await fetch(`${server.url}/hooks/alert/edr`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: raw,
          });
          id = (await response.json()).id;
          if (id === undefined) throw new Error(`ingest answered ${response.status}`);
        });
        results.push({ build, alert: alertName, activity: 'ingest (webhook)', ...ingest });
        if (id === undefined) continue;
        const headers = { 'x-forwarded-user': 'bench@example.org' };
        let bytes = 0;
        const view = await measure(server, async () => {
          const response = await fetch(`${server.url}/api/alerts/${id}`, { headers });
          bytes = (await response.text()).length;
        });
        results.push({
          build,
          alert: alertName,
          activity: 'alert page (GET /api/alerts/:id)',
          ...view,
          bytes,
        });
        const chat = await measure(server, async () => {
          const response = await fetch(`${server.url}/api/alerts/${id}/chat`, {
            method: 'POST',
            headers: { ...headers, 'x-investigator-console': '1', 'content-type': 'application/json' },
            body: JSON.stringify({ message: 'What does this alert show?' }),
          });
          const text = await response.text();
          // The answer streams as text deltas (one may end mid-word): joined, it must be the model's.
          const answer = text
            .split('\n')
            .filter((line) => line.startsWith('data: {'))
            .map((line) => JSON.parse(line.slice(6)))
            .filter((chunk) => chunk.type === 'text-delta')
            .map((chunk) => chunk.delta ?? chunk.textDelta ?? '')
            .join('');
          if (!answer.includes('nothing more to add'))
            throw new Error(`the turn did not answer (${response.status}): ${text.slice(0, 200)}`);
        });
        results.push({ build, alert: alertName, activity: 'chat turn', ...chat });
        // The store filled to 3,000 alerts (a small alert copied: not measured), then the upkeep.
        const filler = await fetch(`${server.url}/hooks/alert/edr`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Filler', host: 'web-02', severity: 'low', user: 'svc-backup' }),
        });
        const fillerId = (await filler.json()).id;
        const alertsStored = await server.ask({ fill: { id: fillerId, count: 2_997 } }, 'filled');
        // The fill's own stall (on a store on the main thread) must end, and be reported, before the upkeep's
        // window opens: a stall is counted in every window it overlaps.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        let upkept;
        const upkeep = await measure(server, async () => {
          upkept = await server.ask({ upkeep: true }, 'upkept');
          if (upkept.errors.length > 0) throw new Error(`the upkeep failed: ${upkept.errors.join('; ')}`);
        });
        results.push({
          build,
          alert: alertName,
          activity: 'PGlite upkeep (analyze)',
          ...upkeep,
          alertsStored,
        });
      } finally {
        server.stop();
      }
    }
  }
} finally {
  await provider.close();
  for (const baselineRoot of baselineRoots) rmSync(baselineRoot, { recursive: true, force: true });
}

// Two checks per activity of this checkout. The target as the issue states it, by wall time, which a
// loaded machine distorts (each process waits for a core); and the main thread's CPU time in its longest
// stall, which load does not inflate: work on the event loop that would hold /health up on a quiet machine.
const checks = results
  .filter((result) => result.build === 'this checkout')
  .flatMap((result) => [
    {
      check: `${result.alert}, ${result.activity}: done, /health p99 <= 100 ms (wall time; load ${result.loadAverage.join(' -> ')})`,
      value: result.outcome === 'done' ? result.p99Ms : result.outcome,
      pass: result.p99Ms <= 100 && result.outcome === 'done',
    },
    {
      check: `${result.alert}, ${result.activity}: done, the server's event-loop delay p99 <= 100 ms (monitorEventLoopDelay; load ${result.loadAverage.join(' -> ')})`,
      value: result.outcome === 'done' ? result.eventLoopDelay.p99Ms : result.outcome,
      pass: result.eventLoopDelay.p99Ms <= 100 && result.outcome === 'done',
    },
    {
      check: `${result.alert}, ${result.activity}: done, the event loop's longest stall <= 100 ms of CPU`,
      value: result.outcome === 'done' ? result.longestStallCpuMs : result.outcome,
      pass: result.longestStallCpuMs <= 100 && result.outcome === 'done',
    },
  ]);
console.log(
  'build              alert                   activity                          outcome           s   polls  p50 ms  p99 ms   max ms  stall wall/CPU ms  loop delay p99/max ms  load',
);
for (const r of results) {
  console.log(
    `${r.build.padEnd(18)} ${r.alert.padEnd(23)} ${r.activity.padEnd(33)} ${r.outcome.slice(0, 16).padEnd(16)} ${String(r.seconds).padStart(5)} ${String(r.polls).padStart(6)} ${String(r.p50Ms).padStart(7)} ${String(r.p99Ms).padStart(7)} ${String(r.maxMs).padStart(8)}  ${`${r.longestStallWallMs}/${r.longestStallCpuMs}`.padEnd(17)}  ${`${r.eventLoopDelay.p99Ms}/${r.eventLoopDelay.maxMs}`.padEnd(21)}  ${r.loadAverage.join(' -> ')}`,
  );
}
// This checkout's longest CPU stall against each baseline's, per alert and activity (a baseline that did
// not finish is shown as such).
const ratios = results
  .filter((result) => result.build === 'this checkout')
  .map((result) => ({
    alert: result.alert,
    activity: result.activity,
    thisCheckoutCpuMs: result.longestStallCpuMs,
    against: Object.fromEntries(
      results
        .filter(
          (other) =>
            other.build !== 'this checkout' &&
            other.alert === result.alert &&
            other.activity === result.activity,
        )
        .map((other) => [
          other.build,
          other.outcome === 'done'
            ? {
                cpuMs: other.longestStallCpuMs,
                ratio: Number((result.longestStallCpuMs / Math.max(1, other.longestStallCpuMs)).toFixed(2)),
              }
            : { outcome: other.outcome },
        ]),
    ),
  }));
for (const ratio of ratios) {
  const against = Object.entries(ratio.against)
    .map(
      ([build, value]) =>
        `${build}: ${value.ratio === undefined ? value.outcome : `${value.cpuMs} ms, ratio ${value.ratio}`}`,
    )
    .join('; ');
  console.log(
    `${ratio.alert}, ${ratio.activity}: longest stall ${ratio.thisCheckoutCpuMs} ms of CPU (${against})`,
  );
}
writeFileSync(
  values.out,
  `${JSON.stringify({ bench: 'investigator-health', date: new Date().toISOString(), baselines, limitSeconds: limitMs / 1000, machine: { cpus: cpus().length, loadAverageAtStart, loadAverageAtEnd: loadavg() }, node: process.version, results, ratios, checks }, null, 2)}\n`,
);
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'} ${check.check}: ${check.value}`);
if (checks.some((check) => !check.pass)) process.exitCode = 1;
