// Fact preservation over every dev trajectory (mini-swe-agent, OpenHands, SWE-agent, the SOC
// investigations of SecRL, tau-bench): each run is replayed call by call through `summarization`, whose
// summarizer is a scripted mock model that drops facts on purpose (the first sentence of each message,
// cut to 60 characters). At every compaction, every IOC and user instruction of every message replaced so
// far must be in the summary the call sends. Counts per set: facts extracted from the replaced slices,
// present in the model's summary, repaired by fact preservation, left out by the cap on the "Preserved
// facts" section (`maxPreservedFactsTokens`, the lowest-priority ones), and missing afterwards,
// checked twice: by kioku's fact checker, and verbatim (IOCs whole, case-insensitive; instructions as
// normalized substrings).
// Run from the repository root after `npm run build`: `node bench/summarization/facts.mjs`.
// Prints a table and writes bench/results/summarization-facts.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel, summarization } from 'kioku';
import { replayCalls } from 'kioku/replay';
import {
  extractFacts,
  factChecker,
  isSummarizeEdit,
  isSummaryMessage,
  summaryText,
  validateHistory,
} from 'kioku/strategies';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { droppingSummarizer } from './scripted-summarizer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/summarization-facts.json');
// Small enough that the short runs (tau-bench, SWE-agent demonstrations) are compacted too.
const options = { trigger: { inputTokens: 3000 }, minSliceTokens: 300, maxSummaryTokens: 1024 };

const sets = [
  { name: 'mini-swe-agent deepseek-chat', format: 'mini-swe-agent' },
  { name: 'OpenHands claude-3.5-sonnet', format: 'openhands-completion' },
  { name: 'SWE-agent', format: 'swe-agent' },
  { name: 'SecRL agent runs (SOC, incident 38)', format: 'excytin-agent' },
  { name: 'SecRL environment runs (SOC, incident 38)', format: 'excytin-env' },
  { name: 'tau-bench airline', format: 'tau-bench' },
];

const modelOf = (transcript) => transcript.model ?? transcript.calls.find((call) => call.model)?.model;

// The verbatim check is the bench's own, written apart from kioku's fact checker so that it checks it.
/** Undoes defanging (`hxxp://`, `[.]`, `(dot)`, `[@]`, `[:]//`). */
const undoDefanging = (text) =>
  text
    .replace(/hxxp(s?):\/\//gi, 'http$1://')
    .replace(/[[({](?:\.|dot)[\])}]/gi, '.')
    .replace(/[[(](?:@|at)[\])]/gi, '@')
    .replace(/\[:\]\/\//g, '://');
/** Lower case, contractions spelled out, punctuation other than an indicator's as spaces, spaces collapsed. */
const plainWords = (text) =>
  undoDefanging(text)
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\bcan't\b/g, 'cannot')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(/[^\p{L}\p{N}.:/@_%?&=#+~-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Strict presence: an IOC whole in the refanged, lower-cased summary; an instruction as a normalized substring. */
function verbatim(summary) {
  const plain = undoDefanging(summary).toLowerCase();
  const normalized = plainWords(summary);
  return (fact) =>
    fact.kind === 'instruction'
      ? normalized.includes(plainWords(fact.value))
      : plain.includes(fact.value.toLowerCase().replace(/\/$/, ''));
}

async function replay(transcript, totals) {
  const { model } = droppingSummarizer();
  const strategy = summarization({ model, ...options });
  const counter = counterForModel(modelOf(transcript));
  const tools = transcript.tools === undefined ? {} : { tools: transcript.tools };
  const budget = { contextWindow: 1_000_000 };
  let state = strategy.initialState();
  for (const call of replayCalls(transcript)) {
    const messages = transcript.messages.slice(0, call.messageCount);
    if (validateHistory(messages).length > 0) continue; // a recorded prompt a provider would reject
    const result = await strategy.apply({ messages, ...tools, counter, budget, state });
    state = result.state;
    const edit = result.edits.find((candidate) => isSummarizeEdit(candidate) && candidate.fresh);
    if (edit === undefined) continue;
    totals.compactions += 1;
    totals.violations += validateHistory(result.messages).length;
    totals.extracted += edit.facts.extracted;
    totals.presentBefore += edit.facts.present;
    totals.repaired += edit.facts.repaired;
    totals.leftOut += edit.facts.dropped;
    // Everything replaced so far, from the original messages: is each fact in the summary sent?
    const replaced = edit.messageIndexes.map((index) => messages[index]);
    const facts = extractFacts(replaced);
    const summary = summaryText(result.messages.find(isSummaryMessage));
    const present = factChecker(summary);
    const exact = verbatim(summary);
    totals.checked += facts.length;
    for (const fact of facts) {
      totals.byKind[fact.kind] = (totals.byKind[fact.kind] ?? 0) + 1;
      if (!present(fact)) totals.missingAfter += 1;
      if (!exact(fact)) {
        totals.missingVerbatim += 1;
        if (totals.examples.length < 5) totals.examples.push({ file: transcript.file, fact });
      }
    }
  }
}

const started = performance.now();
const loaded = await loadTranscripts([trajectoriesDir]);
if (loaded.errors.length > 0) throw loaded.errors[0].error;
// Runs whose prompt the file does not record (tau2's solo agents) have no compaction to check.
const transcripts = loaded.transcripts.filter((transcript) => transcript.promptMissing === undefined);
const results = [];
for (const set of sets) {
  const runs = transcripts.filter((transcript) => transcript.format === set.format);
  const totals = {
    set: set.name,
    transcripts: runs.length,
    compactions: 0,
    extracted: 0,
    presentBefore: 0,
    repaired: 0,
    leftOut: 0,
    checked: 0,
    missingAfter: 0,
    missingVerbatim: 0,
    violations: 0,
    byKind: {},
    examples: [],
  };
  for (const transcript of runs) await replay(transcript, totals);
  process.stderr.write(`${set.name}: ${runs.length} runs, ${totals.compactions} compactions\n`);
  results.push(totals);
}

const all = results.reduce(
  (sum, row) => ({
    compactions: sum.compactions + row.compactions,
    extracted: sum.extracted + row.extracted,
    presentBefore: sum.presentBefore + row.presentBefore,
    repaired: sum.repaired + row.repaired,
    leftOut: sum.leftOut + row.leftOut,
    checked: sum.checked + row.checked,
    missingAfter: sum.missingAfter + row.missingAfter,
    missingVerbatim: sum.missingVerbatim + row.missingVerbatim,
    violations: sum.violations + row.violations,
  }),
  {
    compactions: 0,
    extracted: 0,
    presentBefore: 0,
    repaired: 0,
    leftOut: 0,
    checked: 0,
    missingAfter: 0,
    missingVerbatim: 0,
    violations: 0,
  },
);
const header = [
  'set',
  'runs',
  'compactions',
  'facts extracted',
  'present before',
  'repaired',
  'left out (cap)',
  'checked after',
  'missing after',
  'missing verbatim',
];
const rows = results.map((row) => [
  row.set,
  row.transcripts,
  row.compactions,
  row.extracted,
  row.presentBefore,
  row.repaired,
  row.leftOut,
  row.checked,
  row.missingAfter,
  row.missingVerbatim,
]);
rows.push([
  'all',
  transcripts.length,
  all.compactions,
  all.extracted,
  all.presentBefore,
  all.repaired,
  all.leftOut,
  all.checked,
  all.missingAfter,
  all.missingVerbatim,
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
);
const line = (cells) => cells.map((cell, column) => String(cell).padStart(widths[column])).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
const preserved = all.checked === 0 ? 0 : 1 - all.missingAfter / all.checked;
console.log(
  `\nfacts of replaced slices present after repair: ${(preserved * 100).toFixed(2)}% (${all.checked - all.missingAfter} of ${all.checked}); target 100% less what the cap left out`,
);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      summarizer:
        'scripted AI SDK mock model (ai/test MockLanguageModelV4) that drops facts: the first sentence of each message, cut to 60 characters',
      options,
      check:
        'extracted/presentBefore/repaired: per compaction, the facts of its slice (the new messages and the previous summary, whose facts are checked again), as the summarize edit reports them. checked/missingAfter/missingVerbatim: at each compaction, the facts (IOCs, user instructions) of every ORIGINAL message replaced so far, looked up in the summary sent; missingAfter by kioku’s fact checker, missingVerbatim by exact (normalized) substring.',
      sets: results,
      all: { ...all, preservedShare: Number(preserved.toFixed(6)), target: 1, met: all.missingAfter === 0 },
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${output}`);
if (all.missingAfter > 0 || all.violations > 0) process.exitCode = 1;
