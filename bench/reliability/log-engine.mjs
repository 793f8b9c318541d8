// Reliability bench, the investigator's DuckDB log engine (issue 22, items 1 and 2): SQL a model may be
// told to run by an alert, against the engine before the fix (main at 2ad45d7, its investigator built in a
// temporary directory in this run) and after it, plus what the guard costs each ordinary query.
// - hostile queries, by category (table functions with side effects, side-effect scalars, generators the
//   plan estimate does not see): each runs through log-engine-probe.mjs in a process of its own, watched
//   by this script — peak memory of its whole process tree (sampled from /proc every 20 ms), wall time —
//   and stopped by a safety watchdog past 3 GiB or 60 s (recorded as such: the code before had no bound);
//   then whether the engine still answers a follow-up query and whether closing it kept Node alive;
// - per-query overhead: the shipped runbooks' and scenarios' queries on the full security-logs database,
//   rounds alternating between the builds; CPU time of the calling process plus, after the fix, of the
//   query process (from /proc), per query, and the median wall time.
// Writes bench/results/reliability-log-engine.json. Needs ../shared/data/security-logs and a build:
//   npm run build && node bench/reliability/log-engine.mjs [--base <commit>] [--rounds 5]

import { execFileSync, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from '../percentile.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});
const root = fileURLToPath(new URL('../../', import.meta.url));
const git = (...argv) => execFileSync('git', argv, { cwd: root, encoding: 'utf8' }).trim();
const base = git('rev-parse', args.base ?? '2ad45d7');
const rounds = Number(args.rounds);
const source = join(root, '../shared/data/security-logs');

// The baseline: the investigator at `base`, compiled with the same compiler, importing the same modules.
const temp = mkdtempSync(join(tmpdir(), 'investigator-baseline-'));
execSync(
  `git archive ${base} apps/investigator/src apps/investigator/package.json apps/investigator/tsconfig.json apps/investigator/tsconfig.build.json tsconfig.base.json | tar -x -C ${JSON.stringify(temp)}`,
  { cwd: root },
);
symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
execFileSync(join(root, 'node_modules/.bin/tsc'), [
  '-p',
  join(temp, 'apps/investigator/tsconfig.build.json'),
]);
const builds = {
  before: join(temp, 'apps/investigator/dist/logs/index.js'),
  after: join(root, 'apps/investigator/dist/logs/index.js'),
};

const scratch = mkdtempSync(join(tmpdir(), 'log-engine-bench-'));
const database = join(scratch, 'security-logs.duckdb');
const { loadSecurityLogs, loadRunbooks, defaultRunbooksDir } = await import(pathToFileURL(builds.after).href);
await loadSecurityLogs({ source, file: database });

// --- Hostile queries.
const followUp = 'select count(*) as n from ubuntu5_auditd';
const hostile = [
  [
    'table function with side effects',
    'enable_logging to a file',
    `from enable_logging(storage = 'file', storage_path = '${join(scratch, 'duck-log')}')`,
  ],
  ['table function with side effects', 'enable_logging in memory', "from enable_logging(level = 'trace')"],
  ['table function with side effects', 'enable_profiling', "from enable_profiling(output = 'profile.json')"],
  ['table function with side effects', 'truncate_duckdb_logs', 'from truncate_duckdb_logs()'],
  ['table function reading the engine', 'duckdb_settings', 'from duckdb_settings()'],
  ['table function reading the engine', 'duckdb_secrets', 'from duckdb_secrets()'],
  ['side-effect scalar', 'write_log', "select write_log('x')"],
  ['side-effect scalar', 'setseed', 'select setseed(0.5)'],
  ['side-effect scalar', 'current_setting', "select current_setting('memory_limit')"],
  [
    'unbounded generator',
    'unnest(range(0, 300000000))',
    'select sum(x) from (select unnest(range(0, 300000000)) as x)',
  ],
  [
    'unbounded generator',
    'list_reduce(range(40000000))',
    'select list_reduce(range(40000000), (a, b) -> a + b)',
  ],
  [
    'unbounded generator',
    'endless recursive CTE',
    'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
  ],
  ['unbounded generator', "repeat('x', 4e9)", "select length(repeat('x', 4000000000))"],
  ['unbounded generator', 'range as a table, 1e12 rows', 'select sum(hash(range)) from range(1000000000000)'],
];
const watchdog = { bytes: 3 * 1024 ** 3, ms: 60_000 };
const pageSize = 4096;

/** Resident bytes of `pid` and every process below it. */
function treeRss(pid) {
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop();
    try {
      total += Number(readFileSync(`/proc/${current}/statm`, 'utf8').split(' ')[1]) * pageSize;
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children !== '') stack.push(...children.split(' ').map(Number));
      }
    } catch {
      // the process ended between two reads
    }
  }
  return total;
}

function probe(entry, sql) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [join(root, 'bench/reliability/log-engine-probe.mjs'), entry, database, sql, followUp],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    let peak = 0;
    let stoppedBy;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRss(child.pid));
      if (stoppedBy !== undefined) return;
      if (peak > watchdog.bytes) stoppedBy = 'memory watchdog (3 GiB)';
      else if (Date.now() - started > watchdog.ms) stoppedBy = 'time watchdog (60 s)';
      if (stoppedBy !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 20);
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      const lines = stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      const result = lines[0] ?? {};
      resolve({
        ...result,
        closed: lines.some((line) => line.closed === true),
        exit: signal ?? code,
        peakMiB: Math.round(peak / 1024 ** 2),
        wallMs: Date.now() - started,
        ...(stoppedBy === undefined ? {} : { stoppedBy }),
      });
    });
  });
}

const hostileResults = [];
for (const [category, name, sql] of hostile) {
  const row = { category, name, sql };
  for (const build of ['before', 'after']) row[build] = await probe(builds[build], sql);
  hostileResults.push(row);
  const show = (r) =>
    `${r.stoppedBy ?? (r.outcome === 'failed' ? r.reason : (r.outcome ?? 'died'))} ${r.queryMs ?? r.wallMs} ms, ${r.peakMiB} MiB, next ${r.followUp === 'answered' ? 'ok' : 'FAILS'}, close ${r.closed ? 'ok' : `exit ${r.exit}`}`;
  console.log(`${name.padEnd(32)} before: ${show(row.before)}\n${''.padEnd(32)} after:  ${show(row.after)}`);
}
const held = (build) =>
  hostileResults.filter((row) => {
    const r = row[build];
    return (
      r.outcome === 'failed' &&
      r.followUp === 'answered' &&
      r.closed &&
      r.stoppedBy === undefined &&
      r.wallMs < 20_000
    );
  }).length;

// --- Per-query overhead.
const scenarios = readdirSync(join(root, 'apps/investigator/scenarios'));
const queries = (await loadRunbooks(defaultRunbooksDir())).map((runbook) => runbook.sql);
for (const name of scenarios.filter((file) => file.endsWith('.json'))) {
  const scenario = JSON.parse(readFileSync(join(root, 'apps/investigator/scenarios', name), 'utf8'));
  // A scenario with `imports` runs on tables of its own, not on the loaded database.
  if (scenario.imports !== undefined) continue;
  for (const step of scenario.script) {
    for (const call of step.toolCalls ?? []) if (call.name === 'query') queries.push(call.arguments.sql);
  }
}
const ticks = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s
const childCpuMs = () => {
  let total = 0;
  for (const task of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim();
    for (const pid of children === '' ? [] : children.split(' ')) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        total += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
      } catch {}
    }
  }
  return total;
};
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const overhead = {
  before: { cpuMs: 0, queries: 0, wall: [], openCpuMs: [], openWallMs: [] },
  after: { cpuMs: 0, queries: 0, wall: [], openCpuMs: [], openWallMs: [] },
};
const modules = {
  before: await import(pathToFileURL(builds.before).href),
  after: await import(pathToFileURL(builds.after).href),
};
for (let round = 0; round < rounds; round += 1) {
  for (const build of round % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    const stats = overhead[build];
    const openStarted = Date.now();
    const cpuAtOpen = cpuMs() + childCpuMs();
    const engine = await modules[build].openDuckDbLogEngine({ file: database });
    stats.openWallMs.push(Date.now() - openStarted);
    const cpuOpened = cpuMs() + childCpuMs();
    stats.openCpuMs.push(cpuOpened - cpuAtOpen);
    for (const sql of queries) {
      const started = performance.now();
      await engine.query(sql);
      stats.wall.push(performance.now() - started);
      stats.queries += 1;
    }
    stats.cpuMs += cpuMs() + childCpuMs() - cpuOpened;
    await engine.close();
  }
}
const summary = (stats) => ({
  queries: stats.queries,
  cpuMsPerQuery: Math.round((stats.cpuMs / stats.queries) * 100) / 100,
  wallMsMedian: Math.round(percentile(stats.wall, 50) * 100) / 100,
  wallMsP95: Math.round(percentile(stats.wall, 95) * 100) / 100,
  openCpuMsMedian: Math.round(percentile(stats.openCpuMs, 50)),
  openWallMsMedian: Math.round(percentile(stats.openWallMs, 50)),
});
const perQuery = { before: summary(overhead.before), after: summary(overhead.after) };
const ratio = (a, b) => Math.round((a / b) * 100) / 100;
console.log(`\nper query (${queries.length} queries x ${rounds} rounds each):`);
for (const key of ['cpuMsPerQuery', 'wallMsMedian', 'wallMsP95', 'openCpuMsMedian', 'openWallMsMedian']) {
  console.log(
    `${key.padEnd(20)} ${String(perQuery.before[key]).padStart(8)} -> ${String(perQuery.after[key]).padStart(8)}  (${ratio(perQuery.after[key], perQuery.before[key])}x)`,
  );
}
console.log(
  `\nhostile queries refused or stopped, engine answering after and closing cleanly: before ${held('before')}/${hostileResults.length}, after ${held('after')}/${hostileResults.length}`,
);

writeFileSync(
  new URL('../results/reliability-log-engine.json', import.meta.url),
  `${JSON.stringify(
    {
      base,
      conditions: `2 cores shared with other sessions; DuckDB engine defaults (threads 2, memory_limit 512MB, timeout 10 s; after: process cap 2 GiB); watchdog ${watchdog.bytes / 1024 ** 3} GiB / ${watchdog.ms / 1000} s`,
      hostile: hostileResults,
      held: { before: held('before'), after: held('after'), of: hostileResults.length },
      perQuery: {
        ...perQuery,
        ratio: {
          cpuMsPerQuery: ratio(perQuery.after.cpuMsPerQuery, perQuery.before.cpuMsPerQuery),
          wallMsMedian: ratio(perQuery.after.wallMsMedian, perQuery.before.wallMsMedian),
        },
      },
    },
    null,
    2,
  )}\n`,
);
rmSync(temp, { recursive: true, force: true });
rmSync(scratch, { recursive: true, force: true });
const failures = [];
if (held('after') !== hostileResults.length)
  failures.push(`after: ${hostileResults.length - held('after')} hostile queries not held`);
if (perQuery.after.cpuMsPerQuery > 2 * perQuery.before.cpuMsPerQuery + 5)
  failures.push('after: more than twice the CPU per query (+5 ms)');
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exitCode = 1;
}
