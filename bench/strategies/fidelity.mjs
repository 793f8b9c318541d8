// What each strategy hides from the agent, beside what it saves: kioku's default and every peer baseline
// replayed call by call over the dev sets (mini-swe-agent deepseek-chat, OpenHands claude-3.5-sonnet,
// tau-bench airline gpt-4o, tau2-bench gpt-4.1 airline/retail/telecom, SecRL gpt-5 / gpt-5-mini agent logs
// (ReAct: observations marked by the importer) and ExCyTIn o4-mini environment logs), with the unmanaged
// history replayed in the same run as the baseline. Per set and per half:
// - tokens ×: summed input tokens as a ratio to the unmanaged history's;
// - cached cost ×: the bill with Anthropic-style caching (write 1.25×, read 0.1× of the input price);
// - hidden-fact rate: % of calls whose managed prompt no longer held a fact of the agent's answer (its
//   reasoning, text and tool-call arguments) that the unmanaged prompt held only inside tool outputs and the
//   agent's own earlier messages (its tool inputs, which tool-input clearing cuts) (`fidelityMeter`);
// - hidden facts per 100 calls and the share of sourced facts hidden; the hidden-fact rate of the facts tool
//   outputs alone held;
// - write-argument hidden rate: % of the agent's *write* calls whose arguments carry a hidden fact. Writes
//   are the tau/tau2 tools that change state (book_, update_, cancel_, modify_, exchange_, return_, send_,
//   transfer_, enable_/disable_, refuel_, suspend_/resume_, toggle_/set_/reset_…), OpenHands
//   `str_replace_editor` create/str_replace/insert, mini-swe-agent bash commands that write a file (sed -i,
//   a redirection, tee, patch, git apply, a heredoc) and ExCyTIn `submit`; SecRL agents act in text, so
//   they have no write calls.
// Never worse: kioku's default must cost at most the unmanaged history (cached, Anthropic-style) on every set
// and half; a violation is printed and recorded (`neverWorseViolations`).
// Halves: the runs of even position by id in each set (dev) and the odd ones (held-out). No threshold is
// chosen here (the figures are measured, not tuned); both halves are reported so a choice made on one can
// be checked on the other.
// Run from the repository root after `npm run build`: `node bench/strategies/fidelity.mjs`.
// Prints a table and writes bench/results/strategies-fidelity.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel } from 'kioku';
import {
  analyzeStrategies,
  baselineCatalog,
  fidelityRates,
  fidelityTotals,
  resolvePricing,
  unmanagedBaseline,
} from 'kioku/replay';
import { loadAgentSets, modelOf, runKey } from '../fidelity/agent-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/strategies-fidelity.json');

const stateChanging =
  /^(?:book|update|cancel|modify|exchange|return|send|transfer|create|delete|enable|disable|refuel|suspend|resume|reset|toggle|set|add|remove|apply|change|make|submit)_/;
const writesFile =
  /\bsed\s+-i|(?:^|[^<>2&])>{1,2}\s*[\w./~"'-]|\btee\b|\bpatch\b|\bgit\s+apply\b|<<\s*['"]?\w+/;

/** Whether a tool call of the agent changes state (see the header). */
function isWrite(call) {
  const input = call.input ?? {};
  if (call.toolName === 'str_replace_editor')
    return ['create', 'str_replace', 'insert'].includes(input.command);
  if (call.toolName === 'bash' || call.toolName === 'execute_bash') {
    return typeof input.command === 'string' && writesFile.test(input.command);
  }
  if (call.toolName === 'submit') return true;
  return stateChanging.test(call.toolName);
}

async function runSet(set) {
  // Runs are told apart by file and id (several files can hold the same ids).
  const byKey = new Map(set.transcripts.map((transcript) => [runKey(transcript), transcript]));
  let done = 0;
  const analysis = await analyzeStrategies({
    transcripts: set.transcripts,
    baseline: unmanagedBaseline(),
    strategies: baselineCatalog.map((entry) => entry.create()),
    pricingFor: (transcript) =>
      resolvePricing({ modelId: modelOf(set, transcript), pricing: 'anthropic-style' }),
    counterFor: (transcript) => counterForModel(modelOf(set, transcript)),
    onStart: (total) => process.stderr.write(`${set.name}: ${total} replays\n`),
    onReplay: () => {
      done += 1;
      if (done % 200 === 0) process.stderr.write(`  ${done} done\n`);
    },
  });
  return analysis.replays.map((replay) => {
    const transcript = byKey.get(runKey(replay.transcript));
    let writes = 0;
    let writesHidden = 0;
    for (const call of replay.calls) {
      const response = transcript.messages[call.messageCount];
      const parts =
        response?.role === 'assistant' && typeof response.content !== 'string'
          ? response.content.filter((part) => part.type === 'tool-call')
          : [];
      parts.forEach((part, index) => {
        if (!isWrite(part)) return;
        writes += 1;
        if (call.fidelity.toolCalls[index]?.hiddenInArguments) writesHidden += 1;
      });
    }
    return {
      set: set.name,
      half: set.halfOf(transcript),
      strategy: replay.strategy,
      inputTokens: replay.totals.inputTokens,
      costCached: replay.totals.costCached,
      fidelity: replay.totals.fidelity,
      writes,
      writesHidden,
    };
  });
}

const round = (value, digits = 4) => Number(value.toFixed(digits));

/** Per strategy over `rows`: the columns, ratios to the unmanaged rows of the same runs. */
function figures(rows) {
  const names = [...new Set(rows.map((row) => row.strategy))];
  const sum = (mine, field) => mine.reduce((total, row) => total + row[field], 0);
  const base = rows.filter((row) => row.strategy === 'unmanaged');
  return Object.fromEntries(
    names.map((name) => {
      const mine = rows.filter((row) => row.strategy === name);
      const rates = fidelityRates(fidelityTotals(mine.map((row) => row.fidelity)));
      const writes = sum(mine, 'writes');
      return [
        name,
        {
          runs: mine.length,
          calls: mine.reduce((total, row) => total + row.fidelity.calls, 0),
          inputTokensRatio: round(sum(mine, 'inputTokens') / sum(base, 'inputTokens')),
          costCachedRatio: round(sum(mine, 'costCached') / sum(base, 'costCached')),
          hiddenFactRate: round(rates.hiddenFactRate),
          hiddenFactsPer100Calls: round(rates.hiddenFactsPer100Calls, 2),
          hiddenOutputFactRate: round(rates.hiddenOutputFactRate),
          hiddenFactShare: round(rates.hiddenFactShare),
          writeCalls: writes,
          writeArgumentHiddenRate: writes > 0 ? round(sum(mine, 'writesHidden') / writes) : null,
          hiddenArgumentsByTool: Object.fromEntries(
            Object.entries(rates.hiddenArgumentsByTool)
              .filter(([, tool]) => tool.hiddenRate > 0 || tool.calls >= 20)
              .map(([tool, figure]) => [tool, { calls: figure.calls, hiddenRate: round(figure.hiddenRate) }]),
          ),
        },
      ];
    }),
  );
}

const percent = (value) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

const started = Date.now();
const sets = await loadAgentSets();
const rows = [];
for (const set of sets) rows.push(...(await runSet(set)));
const result = { sets: {} };
for (const set of sets) {
  const mine = rows.filter((row) => row.set === set.name);
  result.sets[set.name] = {
    runs: set.transcripts.length,
    dev: figures(mine.filter((row) => row.half === 'dev')),
    heldOut: figures(mine.filter((row) => row.half === 'held-out')),
    all: figures(mine),
  };
}
for (const [name, set] of Object.entries(result.sets)) {
  console.log(
    `\n${name} (${set.runs} runs): tokens × / cached cost × / % calls with a hidden fact (tool outputs alone) / write-argument hidden rate — dev | held-out`,
  );
  for (const [strategy, dev] of Object.entries(set.dev)) {
    const held = set.heldOut[strategy];
    const cells = (figure) =>
      `${figure.inputTokensRatio.toFixed(3)} / ${figure.costCachedRatio.toFixed(3)} / ${percent(figure.hiddenFactRate)} (${percent(figure.hiddenOutputFactRate)}) / ${percent(figure.writeArgumentHiddenRate)}`;
    console.log(
      `  ${strategy.padEnd(28)} ${cells(dev).padEnd(44)} | ${held === undefined ? '' : cells(held)}`,
    );
  }
}
// Never worse than doing nothing: kioku's default costs at most the unmanaged history on every set and half.
const neverWorse = Object.entries(result.sets).flatMap(([name, set]) =>
  ['dev', 'heldOut', 'all'].flatMap((half) => {
    const ratio = set[half]['kioku-default']?.costCachedRatio;
    return ratio !== undefined && ratio > 1 ? [`${name} (${half}): cached cost ${ratio}× unmanaged`] : [];
  }),
);
result.neverWorseViolations = neverWorse;
console.log(
  neverWorse.length === 0
    ? '\nnever worse: kioku-default costs at most the unmanaged history on every set and half'
    : `\nNEVER-WORSE VIOLATED by kioku-default: ${neverWorse.join('; ')}`,
);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), ...result }, null, 2)}\n`,
);
console.log(`\nwrote ${output.slice(root.length + 1)}`);
