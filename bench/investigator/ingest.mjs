// Alerts at a SOC's volume, through the real webhook over loopback HTTP: 10,000 alerts on PGlite (a
// directory store) and 100,000 on PostgreSQL (a server started by kioku/test's postgresCluster), no model
// (the fallback summary; kioku's hashing embedder, at ingest or in the background jobs). Per 1,000 alerts: the sustained
// rate and p50/p95/p99 latency, against the first 1,000 of the same run (ingest must stay flat as the store
// grows). Then the console's list, filter, sort, search and alert page (which runs `similar`) at that size:
// p95 over repeated queries. About 5% of the alerts are sent twice (folded into the first). Checks: the
// last windows' p95 within 2x of the first's and their rate at least half of it; >= 100 alerts/s on
// PostgreSQL until every alert is stored and embedded (the summary jobs left when the last alert was
// answered count: a store that defers its work is not faster); every console query's p95 <= 300 ms. The machine is shared: besides wall time, each window's
// CPU time per alert and the load average, and the check that it stays flat too. CPU time is counted
// apart for the server (this process: HTTP, webhook, summary worker and, on PGlite, the store), the
// senders (ingest-sender.mjs, a process of their own: the load generator) and, on PostgreSQL, the
// database server (its processes' /proc counters). On the PGlite store, a 1 MB alert sent through the
// webhook is answered in the console's chat by a loopback model that refuses any prompt over 32k tokens
// (it reads the event that matters with alert_json). With `--baseline <commit>`, that commit's kioku and
// investigator are built in a temporary directory and each store is run with them first, then with this
// checkout's, the same alerts in the same order: ratios of rate and CPU time per alert, and a check that
// this checkout's CPU time per alert until every job is done (server and database) is not above the
// baseline's. The console's list is also timed half the store deep by cursor (`after`).
// Writes bench/results/investigator-ingest.json (or --out).
// Run after `npm run build`:
//   node bench/investigator/ingest.mjs [--pglite 10000] [--postgres 100000] [--concurrency 8] [--baseline <commit>]
//     [--queries 40] [--out file.json]

import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createHashingEmbedder } from 'kioku/store';
import { postgresCluster, startLoopbackProvider } from 'kioku/test';
import { buildInvestigatorBaseline, commitOf } from '../build-baseline.mjs';
import { percentile } from '../percentile.mjs';
import { hosts, publicIp, seeded, users } from './ingest-alerts.mjs';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string', default: '10000' },
    postgres: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    baseline: { type: 'string' },
    queries: { type: 'string', default: '40' },
    out: {
      type: 'string',
      default: new URL('../results/investigator-ingest.json', import.meta.url).pathname,
    },
  },
});
const concurrency = Number(values.concurrency);
const queryRepetitions = Number(values.queries);
const token = 'a-webhook-token-of-32-characters';
const log = (line) => console.error(`[ingest] ${line}`);

/** The investigator's modules the bench drives, from a `dist` directory (this checkout's or a baseline's). */
async function loadInvestigator(dist) {
  const from = (path) => import(new URL(`${path}`, `file://${dist}/`).href);
  const [alerts, intel, consoleServer, server, store] = await Promise.all([
    from('alerts/index.js'),
    from('intel/index.js'),
    from('server/console/index.js'),
    from('server/index.js'),
    from('store/index.js'),
  ]);
  return { ...alerts, ...intel, ...consoleServer, ...server, ...store };
}

/**
 * CPU milliseconds used so far by the PostgreSQL server listening on `port`: its postmaster (with the
 * children it reaped) and its live children (backends, writers), from /proc; undefined off Linux.
 */
function postgresCpuMs(port) {
  const ticks = 100; // USER_HZ on Linux
  const stat = (pid) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  };
  try {
    const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    const postmaster = pids.find((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args[0]?.endsWith('/postgres') && args.includes(String(port));
      } catch {
        return false;
      }
    });
    if (postmaster === undefined) return undefined;
    // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    const own = stat(postmaster);
    let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const pid of pids) {
      try {
        const fields = stat(pid);
        if (fields[1] === postmaster) total += Number(fields[11]) + Number(fields[12]);
      } catch {}
    }
    return (total * 1000) / ticks;
  } catch {
    return undefined;
  }
}

// --- a 1 MiB alert answered in chat on a 32k window ------------------------------------------------------
const window = 32_768;
/** An EDR alert of about 1 MB: 4,000 process events, the one that matters near the end. */
function largeAlert() {
  const events = Array.from({ length: 4000 }, (_, i) => ({
    time: new Date(Date.UTC(2026, 10, 26, 0, 0, i)).toISOString(),
    image: `C:\\Windows\\System32\\svchost-${i}.exe`,
    commandLine: `svchost.exe -k netsvcs -p -s Service${i} ${'x'.repeat(100)}`,
    pid: 1000 + i,
  }));
  events[3987].commandLine = 'rundll32.exe C:\\Users\\Public\\beacon.dll,StartW';
  return { title: 'Suspicious rundll32 among many processes', host: 'MKT01', events };
}
/**
 * A model on loopback that keeps to a 32k window as a real server does (a request over it, counted as a
 * quarter of its messages' JSON, is refused with OpenAI's context-length error): it reads the suspicious
 * event with alert_json, then answers with what it read.
 */
function windowedModel(request) {
  const messages = request.body?.messages ?? [];
  const tokens = Math.ceil(JSON.stringify(messages).length / 4);
  if (tokens > window) {
    return {
      status: 400,
      body: {
        error: {
          message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens.`,
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    };
  }
  const last = messages.at(-1);
  if (last?.role === 'tool')
    return { text: `The alert_json tool said: ${String(last.content).slice(0, 300)}` };
  const tools = (request.body?.tools ?? []).map((tool) => tool.function.name);
  if (!tools.includes('alert_json')) return { text: 'No tool to read the alert with.' };
  return { toolCalls: [{ id: 'a', name: 'alert_json', arguments: { path: 'events.3987.commandLine' } }] };
}

async function chatOnLargeAlert(url, provider) {
  const raw = JSON.stringify(largeAlert());
  const created = await fetch(`${url}/hooks/alert/edr`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: raw,
  });
  const { id } = await created.json();
  if (created.status !== 201) throw new Error(`the 1 MiB alert: ${created.status}`);
  const headers = { 'x-forwarded-user': 'bench@example.org', 'x-investigator-console': '1' };
  const before = provider.requests.length;
  const began = performance.now();
  const cpuStart = process.cpuUsage();
  const response = await fetch(`${url}/api/alerts/${id}/chat`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'Which process in this alert looks malicious?' }),
  });
  await response.text();
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - began) / 1000;
  const conversation = await (await fetch(`${url}/api/alerts/${id}/conversation`, { headers })).json();
  const answer = conversation.messages?.at(-1)?.text ?? '';
  const requests = provider.requests.slice(before).filter((request) => request.body?.messages !== undefined);
  const promptTokens = requests.map((request) => Math.ceil(JSON.stringify(request.body.messages).length / 4));
  return {
    alertBytes: raw.length,
    contextWindow: window,
    status: response.status,
    answered: answer.includes('beacon.dll'),
    answer: answer.slice(0, 200),
    modelCalls: requests.length,
    largestPromptTokens: Math.max(0, ...promptTokens),
    wallSeconds: round(seconds),
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
  };
}

// --- one run on one store ----------------------------------------------------------------------------
async function run(name, location, count, provider, investigator) {
  const {
    createAlertStore,
    createSummaryWorker,
    createIntelFeeds,
    createThreatIntel,
    createConsoleServer,
    startServer,
    openInvestigatorStore,
  } = investigator;
  // Every run sends the same alerts in the same order (the sender's) and makes the same queries (these).
  const source = seeded(0x5eed);
  const port = location.startsWith('postgres://') ? Number(new URL(location).port) : undefined;
  const postgresCpu = () => (port === undefined ? undefined : postgresCpuMs(port));
  log(`${name}: opening the store`);
  const store = await openInvestigatorStore({ location });
  const embedder = createHashingEmbedder();
  const summaries = createSummaryWorker({ store, embedder, concurrency: 2 });
  summaries.start();
  const chatModel =
    provider === undefined
      ? undefined
      : createOpenAICompatible({ name: 'openai', baseURL: provider.baseUrl, apiKey: 'loopback' }).chatModel(
          'gpt-4o',
        );
  const app = createConsoleServer({
    store,
    token,
    embedder,
    summaries,
    ...(chatModel === undefined ? {} : { chatModel, proxyRole: 'analyst' }),
    rateLimit: false,
    intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
    contextWindow: 32_768,
    settings: { model: undefined, logEngine: 'none', threatIntel: [] },
    proxyHeader: 'x-forwarded-user',
    webRoot: '/nonexistent',
  });
  const server = await startServer({ app, port: 0 });
  // The senders run in a process of their own: this process's CPU time is the server's (HTTP, the
  // webhook, the summary worker and, on PGlite, the store), the sender's is counted apart.
  const sender = fork(new URL('./ingest-sender.mjs', import.meta.url), [
    server.url,
    token,
    String(count),
    String(concurrency),
  ]);
  const senderExit = new Promise((resolve, reject) => {
    sender.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name}: the sender exited with ${code}`)),
    );
  });
  // At its start and each time another 1,000 alerts were answered: this process's CPU time, the
  // sender's, the server's (PostgreSQL) and the load average: per-window cost a loaded machine does not inflate.
  const cpuMarks = [];
  const senderMarks = [];
  const postgresMarks = [];
  const loadMarks = [];
  const measured = await new Promise((resolve, reject) => {
    senderExit.catch(reject);
    sender.on('message', (message) => {
      if (message.done) return resolve(message);
      const used = process.cpuUsage();
      cpuMarks.push((used.user + used.system) / 1000);
      senderMarks.push(message.cpuMs);
      postgresMarks.push(postgresCpu());
      loadMarks.push(loadavg()[0]);
      if (message.answered % 10_000 === 0 && message.answered > 0)
        log(`${name}: ${message.answered} answered`);
    });
  });
  await senderExit;
  const { latencies, finished, folded, resent } = measured;
  const ingestSeconds = finished.reduce((latest, at) => Math.max(latest, at), 0) / 1000;
  const since = (marks, index) => marks[index] - marks[0];
  const last = cpuMarks.length - 1;
  const postgresCpuSeconds = postgresMarks[0] === undefined ? undefined : since(postgresMarks, last) / 1000;
  const windows = [];
  for (let from = 0; from < count; from += 1000) {
    const slice = latencies.slice(from, from + 1000);
    const ends = finished.slice(from, from + 1000);
    const span =
      (Math.max(...ends) - (from === 0 ? 0 : Math.max(...finished.slice(from - 1000, from)))) / 1000;
    const window = from / 1000;
    const perAlert = (marks) => round((marks[window + 1] - marks[window]) / slice.length);
    windows.push({
      alerts: `${from + 1}-${from + slice.length}`,
      perSecond: round(slice.length / span),
      serverCpuMsPerAlert: perAlert(cpuMarks),
      senderCpuMsPerAlert: perAlert(senderMarks),
      ...(postgresMarks[0] === undefined ? {} : { postgresCpuMsPerAlert: perAlert(postgresMarks) }),
      loadAverage: round(loadMarks[window + 1] ?? Number.NaN),
      p50Ms: round(percentile(slice, 50)),
      p95Ms: round(percentile(slice, 95)),
      p99Ms: round(percentile(slice, 99)),
    });
  }
  log(`${name}: ${count} alerts in ${ingestSeconds.toFixed(1)} s; draining the summary jobs`);
  const drainStart = performance.now();
  await summaries.drain();
  const drainSeconds = (performance.now() - drainStart) / 1000;
  // The summary jobs left when the last alert was answered are work of the ingest too: the CPU time and
  // the rate until every alert is stored and embedded count them.
  const drainedCpu = process.cpuUsage();
  const drainedPostgres = postgresCpu();
  const withJobs = {
    perSecond: round(count / (ingestSeconds + drainSeconds)),
    serverCpuSecondsPerAlert: round(
      ((drainedCpu.user + drainedCpu.system) / 1000 - cpuMarks[0]) / 1000 / count,
      5,
    ),
    ...(postgresMarks[0] === undefined || drainedPostgres === undefined
      ? {}
      : { postgresCpuSecondsPerAlert: round((drainedPostgres - postgresMarks[0]) / 1000 / count, 5) }),
  };

  // --- the console at this size ---
  const alerts = createAlertStore(store);
  const { total } = await alerts.list({ includeMerged: true });
  // Alerts from the middle of the list, and the cursor of the page after them (a page half the store deep).
  const middle = await alerts.list({ limit: 200, offset: Math.floor(total / 2) });
  const someIds = middle.alerts.map((alert) => alert.id);
  const halfway = middle.next;
  const hashes = middle.alerts.flatMap((alert) =>
    alert.iocs.filter((ioc) => ioc.kind === 'sha256').map((ioc) => ioc.value),
  );
  const query = async (path) => {
    const began = performance.now();
    const response = await fetch(`${server.url}/api${path}`, {
      headers: { 'x-forwarded-user': 'bench@example.org' },
    });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - began, body };
  };
  const paths = {
    'list (newest 50, total)': () => '/alerts?limit=50',
    'list critical, open': () => '/alerts?severity=critical&status=open&limit=50',
    'list by severity': () => '/alerts?sort=severity&limit=50',
    'list page 50 deep': () => '/alerts?limit=50&offset=2500',
    ...(halfway === undefined
      ? {}
      : { 'list page half the store deep (cursor)': () => `/alerts?limit=50&after=${halfway}` }),
    'list newest 50, every match counted': () => '/alerts?limit=50&total=exact',
    'list by host': () => `/alerts?host=${encodeURIComponent(source.pick(hosts))}&limit=50`,
    'search a host': () => `/alerts?text=${encodeURIComponent(source.pick(hosts).split('.')[0])}&limit=50`,
    'search a user': () => `/alerts?text=${source.pick(users)}&limit=50`,
    'search an IP': () => `/alerts?text=${publicIp(source).split('.').slice(0, 3).join('.')}&limit=50`,
    ...(hashes.length === 0 ? {} : { 'search a hash': () => `/alerts?text=${source.pick(hashes)}&limit=50` }),
    'alert page (similar, merged, IOC verdicts)': () => `/alerts/${source.pick(someIds)}`,
  };
  const consoleP95 = {};
  const totals = {};
  for (const [label, path] of Object.entries(paths)) {
    const times = [];
    for (let repetition = 0; repetition < queryRepetitions; repetition += 1) {
      const { ms, body } = await query(path());
      times.push(ms);
      if (typeof body.total === 'number')
        totals[label] = body.totalExact === false ? `about ${body.total}` : body.total;
    }
    consoleP95[label] = round(percentile(times, 95));
  }
  const similarOnly = [];
  for (let repetition = 0; repetition < queryRepetitions; repetition += 1) {
    const began = performance.now();
    const found = await alerts.similar(source.pick(someIds), 5);
    similarOnly.push(performance.now() - began);
    if (found.length !== 5) throw new Error(`similar found ${found.length} alerts, expected 5`);
  }
  consoleP95['similar (store, k=5)'] = round(percentile(similarOnly, 95));
  const largeAlertChat = provider === undefined ? undefined : await chatOnLargeAlert(server.url, provider);
  await server.close();
  await summaries.close();
  await store.close();
  const first = windows[0];
  // The last three windows after the first (fewer when the run is short), against the first.
  const lastWindows = windows.slice(Math.max(1, windows.length - 3));
  if (lastWindows.length === 0)
    throw new Error(`${name}: send at least 2,000 alerts, so later windows compare with the first`);
  return {
    store: name,
    alerts: count,
    stored: total,
    folded,
    resentAfterConnectionReset: resent,
    concurrency,
    ingestSeconds: round(ingestSeconds),
    perSecond: round(count / ingestSeconds),
    serverCpuSecondsPerAlert: round(since(cpuMarks, last) / 1000 / count, 5),
    senderCpuSecondsPerAlert: round(since(senderMarks, last) / 1000 / count, 5),
    ...(postgresCpuSeconds === undefined
      ? {}
      : { postgresCpuSecondsPerAlert: round(postgresCpuSeconds / count, 5) }),
    summaryDrainSeconds: round(drainSeconds),
    untilEveryJobDone: withJobs,
    windows,
    lastAgainstFirst: {
      p95: round(Math.max(...lastWindows.map((window) => window.p95Ms)) / first.p95Ms),
      perSecond: round(Math.min(...lastWindows.map((window) => window.perSecond)) / first.perSecond),
      serverCpuMsPerAlert: round(
        Math.max(...lastWindows.map((window) => window.serverCpuMsPerAlert)) / first.serverCpuMsPerAlert,
      ),
      ...(first.postgresCpuMsPerAlert === undefined
        ? {}
        : {
            postgresCpuMsPerAlert: round(
              Math.max(...lastWindows.map((window) => window.postgresCpuMsPerAlert)) /
                first.postgresCpuMsPerAlert,
            ),
          }),
    },
    consoleP95Ms: consoleP95,
    consoleTotals: totals,
    ...(largeAlertChat === undefined ? {} : { largeAlertChat }),
  };
}

function round(value, digits = 2) {
  return Number(value.toFixed(digits));
}

const results = [];
const current = await loadInvestigator(new URL('../../apps/investigator/dist', import.meta.url).pathname);
const baselineCommit = values.baseline === undefined ? undefined : commitOf(values.baseline);
const comparisons = [];
const provider = await startLoopbackProvider({ respond: windowedModel });
const directory = mkdtempSync(join(tmpdir(), 'investigator-ingest-'));
let baselineBuild;
try {
  // On each store, the baseline first (when asked), then this checkout, on a store of its own each.
  const versions = [{ name: '', investigator: current }];
  if (baselineCommit !== undefined) {
    log(`building kioku and the investigator at ${baselineCommit}`);
    baselineBuild = buildInvestigatorBaseline({ commit: baselineCommit, kioku: true });
    versions.unshift({
      name: `, baseline ${baselineCommit.slice(0, 7)}`,
      investigator: await loadInvestigator(baselineBuild.dist),
      baseline: true,
    });
  }
  const engines = [];
  if (Number(values.pglite) > 0) {
    engines.push({
      name: 'PGlite (directory)',
      count: Number(values.pglite),
      open: async (index) => ({ location: join(directory, `store-${index}`), close: async () => {} }),
    });
  }
  if (Number(values.postgres) > 0) {
    engines.push({
      name: 'PostgreSQL',
      count: Number(values.postgres),
      open: async () => {
        const cluster = postgresCluster();
        if (cluster.skip !== undefined) {
          log(`PostgreSQL left out: ${cluster.skip}`);
          return undefined;
        }
        await cluster.setup();
        return { location: cluster.url(), close: () => cluster.teardown() };
      },
    });
  }
  for (const engine of engines) {
    const ran = [];
    for (const [index, version] of versions.entries()) {
      const opened = await engine.open(index);
      if (opened === undefined) break;
      try {
        // The 1 MiB alert's chat: on PGlite, with this checkout.
        const chat = engine.name.startsWith('PGlite') && version.baseline !== true ? provider : undefined;
        const result = await run(
          `${engine.name}${version.name}`,
          opened.location,
          engine.count,
          chat,
          version.investigator,
        );
        if (version.baseline) result.baseline = baselineCommit;
        ran.push(result);
        results.push(result);
      } finally {
        await opened.close();
      }
    }
    if (baselineCommit !== undefined && ran.length === 2) comparisons.push(againstBaseline(...ran));
  }
} finally {
  baselineBuild?.remove();
  rmSync(directory, { recursive: true, force: true });
  await provider.close();
}

/** This checkout's run against the baseline's on the same store: ratios (above 1: more than the baseline). */
function againstBaseline(before, after) {
  const ratio = (a, b) => (a === undefined || b === undefined ? undefined : round(a / b));
  // CPU time and rate until every summary job is done: a baseline that left jobs for later did that work too.
  const cpuOf = ({ untilEveryJobDone: done }) =>
    done.serverCpuSecondsPerAlert + (done.postgresCpuSecondsPerAlert ?? 0);
  return {
    store: after.store,
    baseline: baselineCommit,
    perSecond: ratio(after.perSecond, before.perSecond),
    perSecondUntilEveryJobDone: ratio(after.untilEveryJobDone.perSecond, before.untilEveryJobDone.perSecond),
    serverCpuPerAlert: ratio(after.serverCpuSecondsPerAlert, before.serverCpuSecondsPerAlert),
    senderCpuPerAlert: ratio(after.senderCpuSecondsPerAlert, before.senderCpuSecondsPerAlert),
    postgresCpuPerAlert: ratio(after.postgresCpuSecondsPerAlert, before.postgresCpuSecondsPerAlert),
    serverAndStoreCpuPerAlert: ratio(cpuOf(after), cpuOf(before)),
    consoleP95: Object.fromEntries(
      Object.entries(after.consoleP95Ms).map(([label, ms]) => [label, ratio(ms, before.consoleP95Ms[label])]),
    ),
  };
}

const checks = [];
// The targets are this checkout's; a baseline's run is only compared with.
for (const result of results.filter((one) => one.baseline === undefined)) {
  checks.push({
    check: `${result.store}: last windows' p95 within 2x of the first 1,000's`,
    value: result.lastAgainstFirst.p95,
    pass: result.lastAgainstFirst.p95 <= 2,
  });
  checks.push({
    check: `${result.store}: last windows' server CPU time per alert within 2x of the first 1,000's`,
    value: result.lastAgainstFirst.serverCpuMsPerAlert,
    pass: result.lastAgainstFirst.serverCpuMsPerAlert <= 2,
  });
  checks.push({
    check: `${result.store}: last windows' rate at least half the first 1,000's`,
    value: result.lastAgainstFirst.perSecond,
    pass: result.lastAgainstFirst.perSecond >= 0.5,
  });
  for (const [label, ms] of Object.entries(result.consoleP95Ms)) {
    checks.push({
      check: `${result.store} at ${result.stored} alerts: ${label} p95 <= 300 ms`,
      value: ms,
      pass: ms <= 300,
    });
  }
  if (result.largeAlertChat !== undefined)
    checks.push({
      check: `${result.store}: a ${result.largeAlertChat.alertBytes}-byte alert answered in chat on a 32k window, every prompt within it`,
      value: `${result.largeAlertChat.answered ? 'answered' : 'not answered'}, largest prompt ${result.largeAlertChat.largestPromptTokens} tokens`,
      pass: result.largeAlertChat.answered && result.largeAlertChat.largestPromptTokens <= window,
    });
  if (result.store === 'PostgreSQL')
    checks.push({
      check: 'PostgreSQL: >= 100 alerts/s without a model, until every alert is stored and embedded',
      value: result.untilEveryJobDone.perSecond,
      pass: result.untilEveryJobDone.perSecond >= 100,
    });
}
for (const comparison of comparisons)
  checks.push({
    check: `${comparison.store}: CPU time per alert until every summary job is done (the server process and, on PostgreSQL, the database's) not above the baseline's (${comparison.baseline.slice(0, 7)})`,
    value: comparison.serverAndStoreCpuPerAlert,
    pass: comparison.serverAndStoreCpuPerAlert <= 1,
  });
const report = {
  bench: 'investigator-ingest',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverageAtStart: loadavg()[0] },
  node: process.version,
  results,
  ...(comparisons.length === 0 ? {} : { againstBaseline: comparisons }),
  checks,
};
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
for (const result of results) {
  console.log(
    `\n${result.store}: ${result.alerts} alerts (${result.folded} folded duplicates), ${result.perSecond}/s, CPU s per alert: server ${result.serverCpuSecondsPerAlert}, sender ${result.senderCpuSecondsPerAlert}${result.postgresCpuSecondsPerAlert === undefined ? '' : `, PostgreSQL ${result.postgresCpuSecondsPerAlert}`}`,
  );
  console.log(
    '  alerts         per s   p50 ms  p95 ms  p99 ms  CPU ms/alert: server  sender  PostgreSQL  load',
  );
  for (const window of result.windows) {
    if (
      result.windows.length > 12 &&
      window !== result.windows[0] &&
      !result.windows.slice(-3).includes(window) &&
      result.windows.indexOf(window) % 10 !== 9
    )
      continue;
    console.log(
      `  ${window.alerts.padEnd(13)} ${String(window.perSecond).padStart(6)} ${String(window.p50Ms).padStart(8)} ${String(window.p95Ms).padStart(7)} ${String(window.p99Ms).padStart(7)} ${String(window.serverCpuMsPerAlert).padStart(20)} ${String(window.senderCpuMsPerAlert).padStart(7)} ${String(window.postgresCpuMsPerAlert ?? '-').padStart(11)} ${String(window.loadAverage).padStart(5)}`,
    );
  }
  console.log(
    `  until every summary job was done (${result.summaryDrainSeconds} s after the last answer): ${result.untilEveryJobDone.perSecond}/s, CPU s per alert: server ${result.untilEveryJobDone.serverCpuSecondsPerAlert}${result.untilEveryJobDone.postgresCpuSecondsPerAlert === undefined ? '' : `, PostgreSQL ${result.untilEveryJobDone.postgresCpuSecondsPerAlert}`}`,
  );
  console.log(
    `  last windows against the first 1,000: p95 ${result.lastAgainstFirst.p95}x, rate ${result.lastAgainstFirst.perSecond}x, server CPU per alert ${result.lastAgainstFirst.serverCpuMsPerAlert}x`,
  );
  if (result.largeAlertChat !== undefined)
    console.log(`  1 MiB alert in chat: ${JSON.stringify(result.largeAlertChat)}`);
  for (const [label, ms] of Object.entries(result.consoleP95Ms))
    console.log(`  console p95 ${label}: ${ms} ms`);
}
for (const comparison of comparisons) console.log(`\nagainst the baseline: ${JSON.stringify(comparison)}`);
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'} ${check.check}: ${check.value}`);
if (checks.some((check) => !check.pass)) process.exitCode = 1;
// Something the run opened (an idle connection of the senders' pool) may still hold the event loop.
process.exit();
