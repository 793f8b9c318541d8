// What delegating SQL work to a sub-agent saves the main agent, on recorded SOC investigations.
//
// Sets: the ExCyTIn-Bench o4-mini runs (incidents 38, 134, 166, 322) and the SecRL gpt-5 / gpt-5-mini runs
// (incident 38), from their environment logs (`env_incident_*.json`: per question, the SQL the agent ran,
// what the database answered, and the submitted answer). Two framings: each question as its own
// conversation (how the benchmark ran them), and each incident as ONE main-agent conversation — the
// analyst's questions one after another, as in a long investigation over an alert. Both in two shapes:
//   inline:    question, then every query and its result in the main history, then `submit`;
//   delegated: question, one `logs_run({query: question})` call whose result is the answer the agent
//              submitted after those queries (what a log sub-agent returns), then `submit`.
// The main agent's input tokens and cost (no caching, and cached under the model's own automatic prefix
// caching — what OpenAI bills o4-mini / gpt-5 — and Anthropic-style) are replayed for both shapes, each
// unmanaged and with kioku's default strategy, so delegation, the strategy and both combined are compared
// with the same inline-unmanaged baseline. The sub-agent's own calls (the question, its queries and its
// answer, one call before each of its actions) are replayed too and reported, so the total is honest:
// delegation moves tokens out of the main context, it does not make the queries free.
// The env logs record no prompts or usage: every call is taken as one call before each assistant
// message, and tokens are counted with each model's tokenizer (o200k).
// Run from the repository root after `npm run build`: `node bench/agents/delegation.mjs`.
// Peak context is the largest main-agent prompt of any conversation (the window question: an incident
// replayed inline overflows o4-mini's and gpt-5's windows long before its last question).
// Never worse: with kioku's default each shape must cost at most the same shape unmanaged (cached); a
// violation is printed and recorded (`neverWorseViolations`).
// Prints a table and writes bench/results/agents-delegation.json.
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kiokuDefault } from 'kioku';
import { analyzeStrategies, resolvePricing, unmanagedBaseline } from 'kioku/replay';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/agents-delegation.json');

const sets = [
  { name: 'ExCyTIn o4-mini', model: 'o4-mini', dir: 'ExCyTIn/o4-mini' },
  {
    name: 'SecRL gpt-5',
    model: 'gpt-5',
    dir: 'SecRL/latest_experiments/BaselineAgent_gpt-5_c121_alert_level_t0_s25_trial1',
  },
  {
    name: 'SecRL gpt-5-mini',
    model: 'gpt-5-mini',
    dir: 'SecRL/latest_experiments/BaselineAgent_gpt-5-mini_c127_alert_level_t0_s25_trial1',
  },
];
const pricings = ['native', 'anthropic-style'];

/** The questions of one env log, as the importer reads them (one transcript per question). */
async function questionsOf(file) {
  const { transcripts, errors } = await loadTranscripts([file]);
  if (errors.length > 0) throw new Error(errors.map((e) => `${e.file}: ${e.error.message}`).join('\n'));
  return transcripts;
}

const prefixIds = (messages, prefix) =>
  messages.map((message) =>
    typeof message.content === 'string'
      ? message
      : {
          ...message,
          content: message.content.map((part) =>
            'toolCallId' in part ? { ...part, toolCallId: `${prefix}-${part.toolCallId}` } : part,
          ),
        },
  );

const toolCalls = (messages) =>
  messages.flatMap((m) =>
    m.role === 'assistant' && typeof m.content !== 'string'
      ? m.content.filter((p) => p.type === 'tool-call')
      : [],
  );

/** The delegated shape of one question: its queries folded into one sub-agent call returning the answer. */
function delegate(question, prefix) {
  const [ask] = question.messages;
  const submit = toolCalls(question.messages).find((call) => call.toolName === 'submit');
  const answer = submit?.input?.answer ?? '';
  const id = `${prefix}-logs`;
  const shaped = [
    ask,
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'logs_run', input: { query: ask.content } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'logs_run',
          output: { type: 'text', value: String(answer) },
        },
      ],
    },
  ];
  const submitted = question.messages.slice(-2);
  return [...shaped, ...prefixIds(submitted, prefix)];
}

/** The sub-agent's own conversation for one question: the request, its queries, and its answer as text. */
function subAgentRun(question, set, index) {
  const withoutSubmit = question.messages.slice(0, -2);
  const answer = toolCalls(question.messages).find((call) => call.toolName === 'submit')?.input?.answer ?? '';
  return {
    format: 'excytin-env',
    file: question.file,
    id: `${question.id}-sub-${index}`,
    model: set.model,
    messages: [...withoutSubmit, { role: 'assistant', content: String(answer) }],
    calls: [],
  };
}

async function shapes(set) {
  const files = readdirSync(join(trajectoriesDir, set.dir))
    .filter((name) => /^env_incident_\d+\.json$/.test(name))
    .sort();
  const incidents = await Promise.all(
    files.map(async (name) => ({
      name,
      file: join(trajectoriesDir, set.dir, name),
      questions: await questionsOf(join(trajectoriesDir, set.dir, name)),
    })),
  );
  const conversation = (file, id, questions, shape) => ({
    format: 'excytin-env',
    file,
    id: `${id}:${shape}`,
    model: set.model,
    messages: questions.flatMap((question, index) =>
      shape === 'inline' ? prefixIds(question.messages, `q${index}`) : delegate(question, `q${index}`),
    ),
    calls: [],
  });
  const subRuns = incidents.flatMap((incident) =>
    incident.questions.map((question, index) => subAgentRun(question, set, index)),
  );
  const perQuestion = incidents.flatMap((incident) =>
    incident.questions.map((question) => ({ incident, question })),
  );
  return {
    incidents: incidents.length,
    questions: perQuestion.length,
    framings: {
      'per question': {
        inline: perQuestion.map(({ incident, question }) =>
          conversation(incident.file, `${incident.name}:${question.id}`, [question], 'inline'),
        ),
        delegated: perQuestion.map(({ incident, question }) =>
          conversation(incident.file, `${incident.name}:${question.id}`, [question], 'delegated'),
        ),
      },
      'incident as one conversation': {
        inline: incidents.map((incident) =>
          conversation(incident.file, incident.name, incident.questions, 'inline'),
        ),
        delegated: incidents.map((incident) =>
          conversation(incident.file, incident.name, incident.questions, 'delegated'),
        ),
      },
    },
    subRuns,
  };
}

async function replay(transcripts, pricing) {
  const analysis = await analyzeStrategies({
    transcripts,
    baseline: unmanagedBaseline(),
    strategies: [kiokuDefault()],
    pricingFor: (transcript) =>
      resolvePricing({ modelId: transcript.model, ...(pricing === 'native' ? {} : { pricing }) }),
  });
  const totals = {};
  for (const entry of analysis.replays) {
    totals[entry.strategy] ??= {
      calls: 0,
      inputTokens: 0,
      costNoCache: 0,
      costCached: 0,
      peakContextTokens: 0,
    };
    const sum = totals[entry.strategy];
    sum.calls += entry.totals.calls;
    sum.inputTokens += entry.totals.inputTokens;
    sum.costNoCache += entry.totals.costNoCache;
    sum.costCached += entry.totals.costCached;
    sum.peakContextTokens = Math.max(sum.peakContextTokens, entry.totals.peakContextTokens);
  }
  return totals;
}

const round = (value, digits = 4) => Number(value.toFixed(digits));
const ratio = (value, base) => (base === 0 ? 0 : round(value / base));

const results = [];
for (const set of sets) {
  const { incidents, questions, framings, subRuns } = await shapes(set);
  for (const pricing of pricings) {
    const sub = await replay(subRuns, pricing);
    for (const [framing, { inline: inlineRuns, delegated: delegatedRuns }] of Object.entries(framings)) {
      process.stderr.write(`${set.name}, ${framing}, ${pricing}\n`);
      const inline = await replay(inlineRuns, pricing);
      const delegated = await replay(delegatedRuns, pricing);
      const base = inline.unmanaged;
      const row = (label, main, extra) => ({
        variant: label,
        mainCalls: main.calls,
        mainInputTokens: main.inputTokens,
        mainPeakContextTokens: main.peakContextTokens,
        mainInputTokensRatio: ratio(main.inputTokens, base.inputTokens),
        mainCostNoCacheRatio: ratio(main.costNoCache, base.costNoCache),
        mainCostCachedRatio: ratio(main.costCached, base.costCached),
        subAgentInputTokens: extra?.inputTokens ?? 0,
        totalInputTokensRatio: ratio(main.inputTokens + (extra?.inputTokens ?? 0), base.inputTokens),
        totalCostCachedRatio: ratio(main.costCached + (extra?.costCached ?? 0), base.costCached),
      });
      results.push({
        set: set.name,
        model: set.model,
        framing,
        pricing,
        incidents,
        questions,
        rows: [
          row('inline, unmanaged', base),
          row('inline, kioku-default', inline['kioku-default']),
          row('delegated, unmanaged', delegated.unmanaged, sub.unmanaged),
          row('delegated + kioku-default', delegated['kioku-default'], sub['kioku-default']),
        ],
      });
    }
  }
}

for (const result of results) {
  console.log(
    `\n${result.set}, ${result.framing} (${result.incidents} incidents, ${result.questions} questions), pricing ${result.pricing}`,
  );
  console.log(
    'variant                     main calls  main peak  main input ×  main cached ×  total input ×  total cached ×',
  );
  for (const row of result.rows) {
    console.log(
      `${row.variant.padEnd(26)} ${String(row.mainCalls).padStart(10)}  ${String(row.mainPeakContextTokens).padStart(9)}  ${row.mainInputTokensRatio.toFixed(3).padStart(12)}  ${row.mainCostCachedRatio.toFixed(3).padStart(13)}  ${row.totalInputTokensRatio.toFixed(3).padStart(13)}  ${row.totalCostCachedRatio.toFixed(3).padStart(14)}`,
    );
  }
}
// Never worse than doing nothing: with kioku's default, each shape costs at most the same shape unmanaged
// (main-agent cached cost inline; main + sub-agent cached cost delegated), in every set, framing and pricing.
const neverWorse = results.flatMap((result) => {
  const row = (variant) => result.rows.find((each) => each.variant === variant);
  const where = `${result.set}, ${result.framing}, ${result.pricing}`;
  const inline = row('inline, kioku-default').mainCostCachedRatio;
  const inlineBase = row('inline, unmanaged').mainCostCachedRatio;
  const delegated = row('delegated + kioku-default').totalCostCachedRatio;
  const delegatedBase = row('delegated, unmanaged').totalCostCachedRatio;
  return [
    ...(inline > inlineBase ? [`${where}: inline ${inline}× against ${inlineBase}× unmanaged`] : []),
    ...(delegated > delegatedBase
      ? [`${where}: delegated ${delegated}× against ${delegatedBase}× unmanaged`]
      : []),
  ];
});
console.log(
  neverWorse.length === 0
    ? '\nnever worse: kioku-default costs at most the unmanaged history in every shape, set, framing and pricing'
    : `\nNEVER-WORSE VIOLATED by kioku-default: ${neverWorse.join('; ')}`,
);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify({ generatedBy: 'bench/agents/delegation.mjs', neverWorseViolations: neverWorse, results }, null, 2)}\n`,
);
console.log(`\nwrote ${output}`);
