// Preserved facts on IOC-dense tool outputs (issue 9.4, issue 23.10): a generated SOC investigation of
// about 232k tokens (log dumps of distinct addresses, hosts and hashes, one C2 address and one hash in every
// dump, two user instructions) compacted on demand for a 128k window by `summarization` with a scripted
// summarizer that drops facts. Baselines in the same run: the uncapped section (no cap, a window the
// facts never count against), as before the cap, and the fixed cap of 2 × maxSummaryTokens, the default
// before the section followed the room the window leaves. Fails (exit 1) unless the default lists more
// facts than the fixed cap, fits the window, keeps the instructions and C2 facts, and takes at most half
// of the room the window leaves. Reports the summary message's size, facts listed and
// left out, the prompt after against the window, and whether the instructions (in the prompt sent) and
// the most mentioned indicators (in the summary) survived.
// Run from the repository root after `npm run build`: `node bench/summarization/facts-cap.mjs`.
// Writes bench/results/summarization-facts-cap.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel, summarization } from 'kioku';
import { isSummarizeEdit, isSummaryMessage, summaryText } from 'kioku/strategies';
import { droppingSummarizer } from './scripted-summarizer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/summarization-facts-cap.json');
const counter = counterForModel('gpt-4o');
const contextWindow = 128_000;
const reservedOutputTokens = 4096;

const dump = (step) =>
  Array.from({ length: 62 }, (_, i) => {
    const n = step * 62 + i;
    const hash = (n * 2654435761).toString(16).padStart(8, '0').repeat(8).slice(0, 64);
    return `${n}\t10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\tws-${n}.corp.contoso.com\t${hash}\tSigninLogs`;
  }).join('\n');
const messages = [
  { role: 'system', content: 'You are a SOC analyst investigating an incident with SQL queries.' },
  { role: 'user', content: 'Triage incident 38: find the attacker infrastructure on host ws-7.' },
];
for (let step = 0; step < 60; step += 1) {
  messages.push(
    {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `q${step}`,
          toolName: 'query',
          input: { sql: `SELECT * FROM SigninLogs LIMIT 62 OFFSET ${step * 62}` },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `q${step}`,
          toolName: 'query',
          output: {
            type: 'text',
            value: `${dump(step)}\nbeacon 198.51.100.77 -> evil-c2.example.org sha256 ${'ab12'.repeat(16)}`,
          },
        },
      ],
    },
  );
  if (step === 5) messages.push({ role: 'user', content: 'Do not isolate the host before we confirm.' });
  if (step === 30)
    messages.push({ role: 'user', content: 'Never contact the C2 server from the analyst workstation.' });
}
const before = counter.countPrompt({ messages });

async function run(name, options, budget) {
  const { model } = droppingSummarizer();
  const strategy = summarization({ model, ...options });
  const result = await strategy.compact({ messages, counter, budget, state: strategy.initialState() });
  const summary = result.messages.find(isSummaryMessage);
  const text = summaryText(summary);
  const facts = result.edits.find(isSummarizeEdit)?.facts;
  const after = counter.countPrompt({ messages: result.messages });
  // The latest instruction may stay verbatim as a kept message: look for them in the whole prompt.
  const sent = JSON.stringify(result.messages);
  return {
    name,
    summaryCharacters: text.length,
    summaryTokens: counter.countMessage(summary),
    factsExtracted: facts.extracted,
    factsListed: facts.repaired,
    factsLeftOut: facts.dropped ?? 0,
    promptTokensAfter: after,
    usableWindow: contextWindow - reservedOutputTokens,
    fits: after <= contextWindow - reservedOutputTokens,
    survived: {
      instructions: [
        'Do not isolate the host before we confirm.',
        'Never contact the C2 server from the analyst workstation.',
      ].every((value) => sent.includes(value)),
      c2Address: text.includes('198.51.100.77'),
      c2Domain: text.includes('evil-c2.example.org'),
      c2Hash: text.includes('ab12'.repeat(16)),
    },
  };
}

const started = performance.now();
const uncapped = await run(
  'uncapped (as before the cap)',
  { maxPreservedFactsTokens: Number.MAX_SAFE_INTEGER },
  { contextWindow: Number.MAX_SAFE_INTEGER },
);
const fixed = await run(
  'fixed cap 2 × maxSummaryTokens (the default before)',
  { maxPreservedFactsTokens: 2 * 1024 },
  { contextWindow, reservedOutputTokens },
);
const capped = await run('capped (defaults: follows the room)', {}, { contextWindow, reservedOutputTokens });
for (const row of [uncapped, fixed, capped]) {
  console.log(
    `${row.name}: summary ${row.summaryCharacters.toLocaleString('en-US')} characters (${row.summaryTokens.toLocaleString('en-US')} tokens), ${row.factsListed} facts listed, ${row.factsLeftOut} left out; prompt ${row.promptTokensAfter.toLocaleString('en-US')} tokens for a usable window of ${row.usableWindow.toLocaleString('en-US')} (${row.fits ? 'fits' : 'OVER'}); survived ${JSON.stringify(row.survived)}`,
  );
}
console.log(
  `history ${before.toLocaleString('en-US')} tokens; summary size capped / uncapped: ${(capped.summaryTokens / uncapped.summaryTokens).toFixed(3)}; facts listed by default / with the fixed cap: ${(capped.factsListed / fixed.factsListed).toFixed(2)}×`,
);
// The default must list more than the fixed cap did, fit the window, and keep what the cap kept.
const failures = [
  capped.factsListed > fixed.factsListed ? null : 'the default lists no more facts than the fixed cap',
  capped.fits ? null : 'the default prompt is over the window',
  Object.values(capped.survived).every(Boolean) ? null : 'the default lost an instruction or the C2 facts',
  capped.promptTokensAfter <= capped.usableWindow - (capped.usableWindow - fixed.promptTokensAfter) / 2 + 1
    ? null
    : 'the default took more than half the room the window left',
].filter((failure) => failure !== null);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      history: { messages: messages.length, tokens: before, counter: 'gpt-4o' },
      window: { contextWindow, reservedOutputTokens },
      runs: [uncapped, fixed, capped],
      summaryRatio: Number((capped.summaryTokens / uncapped.summaryTokens).toFixed(4)),
      factsListedRatioToFixedCap: Number((capped.factsListed / fixed.factsListed).toFixed(4)),
      failures,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    1,
  )}\n`,
);
if (failures.length > 0) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
