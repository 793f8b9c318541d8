import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  analyzeStrategies,
  type BaselineEntry,
  type BreakpointPolicy,
  baselineCatalog,
  compareSets,
  equalBreakpointPolicies,
  namedPricings,
  type PeerTrigger,
  peerTriggerFraction,
  ReplayConfigurationError,
  type ReplayPricing,
  renderReport,
  replayCalls,
  reportData,
  resolvePricing,
  sharedReplays,
  sweepTriggers,
  type TranscriptReplay,
  type TriggerSweep,
  unmanagedBaseline,
} from '../entry/replay.js';
import {
  defaultFallbackContextWindow,
  loadModelOverrides,
  type ModelOverrides,
} from '../entry/strategies.js';
import { type Transcript, transcriptFormats } from '../entry/transcripts.js';
import {
  cachedCounter,
  counterForModel,
  type Strategy,
  type TokenCounter,
  UnknownModelError,
} from '../index.js';
import {
  type AnalyzeJson,
  analyzeJson,
  breakpointPolicyTitles,
  type PolicyAnalysis,
  renderAnalysis,
} from './analyze-command-output.js';
import { parseSummarizer, summaryEntries } from './analyze-command-summaries.js';
import { analyzeWarnings } from './analyze-command-warnings.js';
import { describeCliError } from './describe-cli-error.js';
import { loadForCommand } from './load-for-command.js';
import { maxFileSizeOption } from './max-file-size-option.js';
import { parseInteger } from './parse-integer.js';
import { createProgress } from './progress.js';
import { unpricedPricing } from './unpriced-pricing.js';
import { writeOutputFile } from './write-output-file.js';

/** The generated SOC investigation (`samples/soc-investigation.json`, shipped in dist) analyzed when given no path. */
const bundledSample = fileURLToPath(new URL('../samples/soc-investigation.json', import.meta.url));

/** A configuration analyze replays: a catalog entry or a summary-backed one. */
type AnalyzedEntry = Pick<
  BaselineEntry,
  'name' | 'description' | 'documentedTrigger' | 'breakpoints' | 'compactorTrigger' | 'create'
> & {
  estimated?: boolean;
};

interface AnalyzeOptions {
  strategies?: string[];
  model?: string;
  window?: number;
  pricing?: string;
  report?: string;
  format?: (typeof transcriptFormats)[number];
  json?: boolean;
  summarizer?: string;
  baseUrl?: string;
  estimateSummaries?: number;
  breakpoints: BreakpointPolicy | 'both';
  trigger: number;
  sweep?: boolean;
  maxFileSize: number;
}

const kiokuDefaultName = baselineCatalog.find((entry) => entry.kioku)?.name ?? 'kioku-default';
const known = baselineCatalog.map((entry) => entry.name);

function parseStrategies(value: string): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'unmanaged');
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(`unknown strategy ${unknown.join(', ')}; choose from ${known.join(', ')}`);
  }
  return [...new Set(names)];
}

const parseWindow = parseInteger('a number of tokens', { min: 1 });

function parseFraction(value: string): number {
  const fraction = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(fraction > 0 && fraction <= 1)) {
    throw new InvalidArgumentError('expected a fraction of the window above 0 and at most 1, e.g. 0.5');
  }
  return fraction;
}

/** `kioku analyze`: replays transcripts through kioku's default and the peer baselines, side by side. */
export function analyzeCommand(): Command {
  return new Command('analyze')
    .description(
      "Replay recorded agent runs call by call through context strategies (kioku's default and the peer " +
        'baselines) and compare them with the unmanaged history: input tokens, peak context, cost without and ' +
        'with prompt caching, cache hit rate, strategy time per call, provider-rejectable violations and ' +
        "the share of calls whose prompt hid a fact the agent's answer used (one only a tool output held).",
    )
    .argument(
      '[paths...]',
      'transcript files or directories (default: the generated SOC investigation sample shipped with kioku)',
    )
    .option(
      '--strategies <names>',
      `comma-separated, from: ${known.join(', ')} (default: all)`,
      parseStrategies,
    )
    .option('--model <id>', 'count and price every transcript as this model (default: the model it recorded)')
    .option(
      '--window <tokens>',
      "context window the strategies work within (default: the model's)",
      parseWindow,
    )
    .option(
      '--pricing <name|file>',
      `${Object.keys(namedPricings).join(', ')} (cache write 1.25×, read 0.1× of the model's input price), ` +
        "another model's price table by id, or a model override JSON file (default: the model's own prices, under its provider's caching: DeepSeek, OpenAI, Gemini automatic, " +
        'Anthropic explicit)',
    )
    .option(
      '--summarizer <provider:model>',
      "write kioku's default's summaries with this model instead of estimating them (e.g. ollama:llama3.1:8b: " +
        'the provider first, the model id keeps its colons): real summaries, each summary call counted in ' +
        'the input tokens and costs',
      parseSummarizer,
    )
    .option(
      '--base-url <url>',
      "the summarizer's API base URL (required for openai-compatible: Ollama, vLLM, llama.cpp…)",
    )
    .option(
      '--estimate-summaries <tokens>',
      "also replay kioku's masking followed by summarization with summaries estimated at this size " +
        '(kioku-default+estimated-summaries): no model is called, and the output says it is an estimate',
      parseWindow,
    )
    .addOption(
      new Option(
        '--breakpoints <policy>',
        "where every strategy's cache breakpoints go, for caches that need them (Anthropic): frontier (kioku's: " +
          'the last edited message, what kiokuMiddleware sends), agent (system + last 3 user/tool messages, the ' +
          "agents' rule: replay only for kioku's default, which places its own), none (for every strategy, " +
          'those with breakpoints of their own included), or both (frontier, then agent: one table each)',
      )
        .choices([...equalBreakpointPolicies, 'both'])
        .default('frontier'),
    )
    .option(
      '--trigger <fraction>',
      "the peers' token triggers (LangChain, AI SDK recipe, Anthropic clear_tool_uses) as a fraction of the " +
        "window (--window, default the model's): every peer at the same fraction",
      parseFraction,
      peerTriggerFraction,
    )
    .option(
      '--sweep',
      "also sweep the peers' triggers (0.05–0.9 of the window and their documented 100,000 tokens): each " +
        "strategy's input tokens against cost, in the output and the report's curve chart",
    )
    .option('--report <file>', 'also write a self-contained HTML report with charts')
    .addOption(
      new Option('--format <format>', 'read every file as this format instead of detecting it').choices(
        transcriptFormats,
      ),
    )
    .option('--json', 'print the results as JSON')
    .addOption(maxFileSizeOption())
    .addHelpText(
      'after',
      '\nThe unmanaged history is always replayed too: every ratio is to it, measured in the same run.\n' +
        "kioku's default is replayed as kiokuMiddleware() runs it: a summary once the prompt reaches 80% of the " +
        'window (--window lowers it). Without --summarizer its summaries are estimated by the summary-cost ' +
        'model (no model is called): each bills a call of the instructions and the summarized messages in and ' +
        "1,024 tokens out (the summary call's cap), and the row is marked an estimate when a summary was made. " +
        "A summary call's tokens are billed uncached at the replayed model's prices. If the summarizer fails (an error, an empty or unusable " +
        'summary), the analysis stops and names the transcript and call: a replay that fell back silently would ' +
        'not measure summarization.\n' +
        'A transcript of a model the catalog does not know (a local Ollama or vLLM model, say) is replayed ' +
        `within --window, else ${defaultFallbackContextWindow.toLocaleString('en-US')} tokens (the middleware's fallback window), ` +
        'and left unpriced, with a warning; a model override file (--pricing <file.json>) gives its window and prices.\n' +
        'A file that cannot be read or analyzed (broken, not a regular file, no model named, an unknown --model) ' +
        'is reported and skipped; the others are analyzed.\n' +
        'Exit codes: 0 ok, 1 a file was skipped (the others were analyzed), no transcript could be analyzed or ' +
        'the summarizer failed, 2 bad arguments.',
    )
    .action(async (paths: string[], options: AnalyzeOptions, command: Command) => {
      if (options.baseUrl !== undefined && options.summarizer === undefined) {
        command.error("error: --base-url is the summarizer's: give --summarizer <provider:model> with it", {
          exitCode: 2,
        });
      }
      const progress = createProgress();
      const loaded = await loadForCommand(paths.length === 0 ? [bundledSample] : paths, {
        ...options,
        progress,
      });
      let { failed } = loaded;
      let { transcripts } = loaded;
      if (transcripts.length === 0) {
        console.error('kioku: no transcript was read; nothing to analyze');
        process.exitCode = 1;
        return;
      }
      // A run without a model call has nothing to replay (and often names no model): said as such.
      const callLess = transcripts.filter((transcript) => replayCalls(transcript).length === 0);
      transcripts = transcripts.filter((transcript) => !callLess.includes(transcript));
      if (transcripts.length === 0) {
        for (const warning of callLessWarnings(callLess)) console.error(`kioku: ${warning}`);
        console.error('kioku: no transcript read has a model call; nothing to analyze');
        process.exitCode = 1;
        return;
      }
      const overrides = await pricingOverrides(options.pricing);
      const pricingName = overrides === undefined ? options.pricing : undefined;
      const modelOf = (transcript: Transcript) => transcriptModel(transcript, options.model);
      // Resolved up front, so a transcript without a model or with an unknown one is reported and
      // skipped before any replay starts, and the others are still analyzed.
      const pricings = new Map<Transcript, ReplayPricing>();
      // The transcripts (by model) of models the catalog does not know: replayed unpriced.
      const unpriced = new Map<string, number>();
      for (const transcript of transcripts) {
        let modelId: string | undefined;
        try {
          modelId = modelOf(transcript);
          pricings.set(transcript, resolvePricing({ modelId, pricing: pricingName, overrides }));
        } catch (error) {
          if (isUnknownRecordedModel(error, modelId, options)) {
            const contextWindow = options.window ?? defaultFallbackContextWindow;
            pricings.set(transcript, unpricedPricing({ modelId: error.modelId, contextWindow }));
            unpriced.set(error.modelId, (unpriced.get(error.modelId) ?? 0) + 1);
            continue;
          }
          const described = await describeCliError(error);
          // An unknown --model is the command's, not a file's: it stops the analysis.
          if (described === undefined || options.model !== undefined) throw error;
          console.error(`${described}\nkioku: skipped ${transcript.file} (${transcript.id})`);
          failed = true;
        }
      }
      transcripts = transcripts.filter((transcript) => pricings.has(transcript));
      if (transcripts.length === 0) {
        console.error('kioku: none of the transcripts read could be analyzed');
        process.exitCode = 1;
        return;
      }
      if (unpriced.size > 0 && options.report !== undefined) {
        // The report charts costs: zeros would read as prices.
        console.error(
          `kioku: --report charts costs, and ${[...unpriced.keys()].map((id) => JSON.stringify(id)).join(', ')} ` +
            'has no prices in the model catalog: give them in a model override file (--pricing <file.json>)',
        );
        process.exitCode = 1;
        return;
      }
      const selected = options.strategies ?? known;
      const summaries = await summaryEntries(options);
      // `--summarizer` writes the default's summaries: its entry stands in for the catalog's (estimated).
      const catalog: AnalyzedEntry[] = [
        ...baselineCatalog
          .filter((entry) => selected.includes(entry.name))
          .map((entry) => {
            const written = summaries.find((summary) => summary.name === entry.name);
            return written === undefined ? { ...entry, estimated: entry.kioku } : { ...entry, ...written };
          }),
        ...summaries.filter((summary) => !known.includes(summary.name)),
      ];
      const compactorTrigger = (strategy: Strategy<unknown>) =>
        catalog.find((entry) => entry.name === strategy.name)?.compactorTrigger?.();
      const trigger = { fraction: options.trigger };
      const own = new Set(catalog.flatMap((entry) => (entry.breakpoints === 'own' ? [entry.name] : [])));
      // What kiokuMiddleware sends first: the other policy re-marks kioku's default for comparison only.
      const policies: BreakpointPolicy[] =
        options.breakpoints === 'both' ? ['frontier', 'agent'] : [options.breakpoints];
      // `none` is no breakpoint for every strategy; under the others a configuration whose breakpoints
      // are its own knob keeps them.
      const policyFor = (policy: BreakpointPolicy) => (strategy: Strategy<unknown>) =>
        own.has(strategy.name) && policy !== 'none' ? 'own' : policy;
      // One counter per transcript for every policy and strategy: equal messages (each replay makes its
      // own copies) are counted once.
      const counters = new Map<Transcript, TokenCounter>();
      const counterFor = (transcript: Transcript) => {
        let counter = counters.get(transcript);
        if (counter === undefined) {
          counter = cachedCounter(counterForModel(modelOf(transcript)), { byContent: true });
          counters.set(transcript, counter);
        }
        return counter;
      };
      const common = {
        transcripts,
        baseline: unmanagedBaseline(),
        pricingFor: (transcript: Transcript) => pricings.get(transcript) as ReplayPricing,
        counterFor,
        budgetFor: (_: Transcript, pricing: ReplayPricing) => ({
          contextWindow: options.window ?? pricing.model.contextWindow,
        }),
        onReplay: () => progress.increment(),
      };
      const setOf = setNamer(transcripts);
      const analyses: PolicyAnalysis[] = [];
      // A strategy run the other policy makes alike (only the markers differ) is run once.
      const shared = sharedReplays();
      for (const policy of policies) {
        // A strategy that throws (a failing summarizer) stops the analysis with a ReplayStrategyError naming
        // the transcript and call; main prints it and exits 1.
        const analysis = await analyzeStrategies({
          ...common,
          strategies: catalog.map((entry) => entry.create({ trigger })),
          trigger: compactorTrigger,
          breakpoints: policyFor(policy),
          sharedReplays: shared,
          onStart: (total) => progress.start(total, `replaying (${policy} breakpoints)`),
        }).finally(() => progress.stop());
        analyses.push({ breakpoints: policy, analysis, sets: compareSets(analysis, setOf) });
      }
      const placesOwn = catalog.flatMap((entry) =>
        entry.create({ trigger }).placesCacheBreakpoints === true ? [entry.name] : [],
      );
      // The default's summaries are an estimate only where some were made.
      const summarized = new Set(
        analyses.flatMap(({ analysis }) =>
          analysis.strategies.flatMap((row) => (row.strategyCalls > 0 ? [row.name] : [])),
        ),
      );
      const json: AnalyzeJson = analyzeJson({
        analyses,
        catalog: catalog.map((entry) => ({
          ...entry,
          estimated: entry.estimated === true && summarized.has(entry.name),
        })),
        kiokuDefault: kiokuDefaultName,
        placesOwnBreakpoints: placesOwn,
        trigger,
        warnings: [
          ...callLessWarnings(callLess),
          ...unpricedWarnings(unpriced, { window: options.window }),
          ...analyzeWarnings(transcripts),
        ],
        unpriced: unpriced.size > 0,
      });
      for (const warning of json.warnings) console.error(`kioku: warning: ${warning}`);
      if (options.sweep === true) {
        const withTrigger = catalog.filter((entry) => entry.documentedTrigger !== undefined);
        const triggered = withTrigger.map((entry) => ({
          name: entry.name,
          create: (at: PeerTrigger) => entry.create({ trigger: at }),
        }));
        json.sweeps = [];
        for (const policy of policies) {
          const sweep = await sweepTriggers({
            ...common,
            triggered,
            fixed: catalog
              .filter((entry) => entry.documentedTrigger === undefined)
              .map((entry) => entry.create()),
            inputTokens: [...new Set(withTrigger.map((entry) => entry.documentedTrigger ?? 0))],
            breakpoints: policyFor(policy),
            compactorTrigger,
            onStart: (total) => progress.start(total, `sweeping triggers (${policy} breakpoints)`),
          }).finally(() => progress.stop());
          json.sweeps.push({ breakpoints: policy, ...(unpriced.size > 0 ? withoutCosts(sweep) : sweep) });
        }
      }
      if (options.report !== undefined) {
        const descriptions = Object.fromEntries(
          json.strategies.map((strategy) => [strategy.name, strategy.description]),
        );
        const data = reportData({
          policies: analyses.map(({ breakpoints, analysis }) => ({
            name: breakpoints,
            title: breakpointPolicyTitles[breakpoints],
            analysis,
            sweep: json.sweeps?.find((sweep) => sweep.breakpoints === breakpoints)?.curves,
          })),
          kiokuDefault: selected.includes(kiokuDefaultName) ? kiokuDefaultName : undefined,
          descriptions,
        });
        await writeOutputFile(options.report, await renderReport(data));
        json.report = options.report;
        if (options.json !== true) console.error(`kioku: report written to ${options.report}`);
      }
      console.log(options.json === true ? JSON.stringify(json, null, 2) : renderAnalysis(json));
      if (failed) process.exitCode = 1;
    });
}

/**
 * True when `error` says the model a transcript recorded (`modelId`) is not in the catalog, and no
 * `--model` was given (an unknown `--model` is a mistake in the command, which stops it).
 */
function isUnknownRecordedModel(
  error: unknown,
  modelId: string | undefined,
  options: AnalyzeOptions,
): error is UnknownModelError {
  return (
    UnknownModelError.isInstance(error) &&
    error.missing.length === 0 &&
    error.modelId === modelId &&
    options.model === undefined
  );
}

/** One warning for the runs left out because they hold no model call, naming each (up to 5). */
function callLessWarnings(transcripts: readonly Transcript[]): string[] {
  if (transcripts.length === 0) return [];
  const named = transcripts.slice(0, 5).map((transcript) => `${transcript.file} (${transcript.id})`);
  const more = transcripts.length > 5 ? ` and ${transcripts.length - 5} more` : '';
  return [
    `${transcripts.length} run(s) hold no model call (no assistant message, no recorded call): nothing to ` +
      `replay, left out: ${named.join(', ')}${more}`,
  ];
}

/** One warning per model replayed unpriced: the window it was replayed within, and how to set both. */
function unpricedWarnings(
  unpriced: ReadonlyMap<string, number>,
  { window }: { window?: number | undefined },
) {
  return [...unpriced].map(
    ([modelId, count]) =>
      `the model catalog does not know ${JSON.stringify(modelId)} (${count} transcript(s)): replayed within ` +
      (window === undefined
        ? `${defaultFallbackContextWindow.toLocaleString('en-US')} tokens (kioku's fallback window, as the middleware's)`
        : `${window.toLocaleString('en-US')} tokens (--window)`) +
      ' and unpriced: costs are not shown. Give its window and prices in a model override file and pass it ' +
      `as --pricing <file.json>: {"models": {${JSON.stringify(modelId)}: {"contextWindow": …, ` +
      '"maxOutputTokens": …, "pricePerMillionTokens": {"input": …, "output": …}}}}' +
      (window === undefined ? ', or the window alone with --window <tokens>' : ''),
  );
}

/** A sweep with unpriced transcripts: its costs are sums of zeros, so none (null in JSON, – in text). */
function withoutCosts(sweep: TriggerSweep): TriggerSweep {
  const none = Number.NaN;
  return {
    ...sweep,
    curves: sweep.curves.map((curve) => ({
      ...curve,
      points: curve.points.map((point) => ({
        ...point,
        costNoCache: none,
        costNoCacheRatio: none,
        costCached: none,
        costCachedRatio: none,
      })),
    })),
  };
}

/** Names each transcript's set: its folder (relative to the working directory) and its format. */
function setNamer(transcripts: readonly Transcript[]): (replay: TranscriptReplay) => string {
  const names = new Map(
    transcripts.map((transcript) => [
      `${transcript.file}\u0000${transcript.id}`,
      `${relative(process.cwd(), dirname(transcript.file)) || '.'} (${transcript.format})`,
    ]),
  );
  return (replay) =>
    names.get(`${replay.transcript.file}\u0000${replay.transcript.id}`) ?? replay.transcript.format;
}

/** The model override file `--pricing` names, if it names a file rather than a pricing or a model. */
async function pricingOverrides(pricing: string | undefined): Promise<ModelOverrides | undefined> {
  if (pricing === undefined || namedPricings[pricing] !== undefined) return undefined;
  if (!pricing.endsWith('.json') && !existsSync(pricing)) return undefined;
  return loadModelOverrides(pricing);
}

function transcriptModel(transcript: Transcript, model: string | undefined): string {
  const found = model ?? transcript.model ?? transcript.calls.find((call) => call.model !== undefined)?.model;
  if (found === undefined) {
    throw new ReplayConfigurationError({
      message: `${transcript.file} (${transcript.id}) does not say which model it used: pass --model <id> to count and price it`,
    });
  }
  return found;
}
