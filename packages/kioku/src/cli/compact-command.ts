import { Command, InvalidArgumentError, Option } from 'commander';
import { compactWithFallback, resolveContextWindow } from '../entry/strategies.js';
import {
  decodeUtf8,
  importTranscript,
  readInputFile,
  type TranscriptFormat,
  transcriptFormats,
  writeCompacted,
} from '../entry/transcripts.js';
import { counterForModel, type KiokuEvent } from '../index.js';
import { compactModel } from './compact-command-model.js';
import { type CompactedRun, compactReport, renderCompactReport } from './compact-command-output.js';
import { type CompactStrategyName, compactStrategies, summaryPrompts } from './compact-command-strategies.js';
import { maxFileBytes, maxFileSizeOption } from './max-file-size-option.js';
import { parseInteger } from './parse-integer.js';
import { createProgress } from './progress.js';
import { expectedModelSpec, readModelOption } from './read-model-option.js';
import { sameFile } from './same-file.js';
import { writeOutputFile } from './write-output-file.js';

interface CompactOptions {
  model?: string;
  baseUrl?: string;
  strategy: CompactStrategyName;
  prompt: keyof typeof summaryPrompts;
  out?: string;
  json?: boolean;
  format?: TranscriptFormat;
  contextWindow?: number;
  timeout: number;
  maxFileSize: number;
}

/** Exit code when the strategy failed and the deterministic fallback compacted instead. */
const fellBack = 3;
/** Exit code when the compacted history is still larger than the context window. */
const overWindow = 4;

const positive = (what: string) => (value: string) => {
  const number = Number(value);
  if (!(number > 0) || !Number.isFinite(number))
    throw new InvalidArgumentError(`expected a positive number of ${what}`);
  return number;
};

/** Exit code for bad arguments (commander's own). */
const badArguments = 2;
/** `kioku compact`: compacts a transcript with a real model and writes it back in its format. */
export function compactCommand(): Command {
  return new Command('compact')
    .description(
      'Compact a recorded conversation now: summarize its oldest part with a real model (keeping IOCs and the ' +
        "user's instructions), or mask or truncate it; write the compacted history in the input's format (to " +
        'standard output, or to --out) and report tokens before and after and facts repaired (on standard ' +
        'error when the history goes to standard output).',
    )
    .argument('<transcript>', 'a transcript file (.json, .jsonl, .traj)')
    .option(
      '--model <provider:model>',
      'the summarizer (provider first: openai-compatible, ollama, openai, deepseek, anthropic or google; the ' +
        'model id keeps its colons, e.g. ollama:llama3.1:8b), and the model whose window and tokenizer to use; ' +
        'masking and truncation call no model and take any model id, e.g. gpt-4.1 or the Ollama tag ' +
        'llama3.1:8b (default: the model the transcript recorded)',
    )
    .option(
      '--base-url <url>',
      'the provider API base URL (required for openai-compatible: Ollama, vLLM, llama.cpp…)',
    )
    .addOption(
      new Option('--strategy <name>', 'how to compact')
        .choices(Object.keys(compactStrategies))
        .default('summarization'),
    )
    .addOption(
      new Option('--prompt <name>', 'the summary prompt')
        .choices(Object.keys(summaryPrompts))
        .default('general'),
    )
    .option(
      '--out <file>',
      "write the compacted history to this file (not the input) instead of standard output, in the input's format",
    )
    .option('--json', 'print the report as JSON')
    .addOption(
      new Option('--format <format>', 'read the file as this format instead of detecting it').choices(
        transcriptFormats,
      ),
    )
    .option(
      '--context-window <tokens>',
      "the model's context window (default: the model catalog's)",
      parseInteger('--context-window', { min: 1 }),
    )
    .option('--timeout <seconds>', 'give up on a model call after this long', positive('seconds'), 120)
    .addOption(maxFileSizeOption())
    .addHelpText(
      'after',
      '\nProviders: openai-compatible (with --base-url or OPENAI_COMPATIBLE_BASE_URL; key OPENAI_COMPATIBLE_API_KEY if needed), ' +
        'ollama (OLLAMA_BASE_URL), openai (OPENAI_API_KEY), deepseek (DEEPSEEK_API_KEY), anthropic (ANTHROPIC_API_KEY, ' +
        'through @ai-sdk/anthropic), google (GOOGLE_GENERATIVE_AI_API_KEY, through @ai-sdk/google). Keys are read from the ' +
        'environment and never printed.\n' +
        'If the summarizer fails (an error, an empty or unusable summary), observation masking and then truncation ' +
        'compact instead, and the command says so.\n' +
        'Exit codes: 0 compacted, 1 the file, model or provider could not be used (or --out is the input), ' +
        '2 bad arguments, 3 compacted by the deterministic fallback because the strategy failed, 4 compacted ' +
        'but still larger than the context window (the history is written all the same).',
    )
    .action(async (transcript: string, options: CompactOptions) => {
      if (options.out !== undefined && (await sameFile(transcript, options.out))) {
        console.error(
          `kioku: --out ${options.out} is the input transcript ${transcript}; compact will not overwrite its input: give another file`,
        );
        process.exitCode = 1;
        return;
      }
      const text = decodeUtf8(
        await readInputFile(transcript, { maxBytes: maxFileBytes(options.maxFileSize) }),
        {
          file: transcript,
        },
      );
      const entry = compactStrategies[options.strategy];
      const spec = options.model === undefined ? undefined : readModelOption(options.model);
      if (entry.needsModel && spec?.provider === undefined) {
        console.error(
          `kioku: --strategy ${options.strategy} calls a model: pass --model ${expectedModelSpec(options.model)}`,
        );
        process.exitCode = badArguments;
        return;
      }
      const transcripts = importTranscript(text, { file: transcript, format: options.format });
      const recorded = transcripts.find((run) => run.model !== undefined)?.model;
      const named = options.model ?? recorded;
      // The summarizer's spec as given (an unknown provider is named when the model is built).
      const { provider, modelId } = named === undefined ? {} : (spec ?? readModelOption(named));
      if (modelId === undefined) {
        console.error(
          `kioku: ${transcript} does not say which model it used: pass --model <id>, the model whose window and tokenizer to use (e.g. gpt-4.1)`,
        );
        process.exitCode = badArguments;
        return;
      }
      const counter = counterForModel(modelId);
      const contextWindow =
        options.contextWindow ??
        resolveContextWindow({ modelId, provider, hint: 'pass --context-window <tokens>' });
      const model = entry.needsModel
        ? await compactModel({
            spec: options.model ?? modelId,
            baseUrl: options.baseUrl,
            timeoutSeconds: options.timeout,
          })
        : undefined;
      const strategy = entry.create({ model, prompt: summaryPrompts[options.prompt], contextWindow });
      const onEvent = (event: KiokuEvent) => {
        if (options.json === true) return;
        if (event.type === 'compaction-failed') console.error(`kioku: ${event.problem}`);
        if (event.type === 'fallback-used') {
          const tokens = `${event.tokensBefore.toLocaleString('en-US')} → ${event.tokensAfter.toLocaleString('en-US')} tokens`;
          console.error(`kioku: fell back to ${event.strategy} (${tokens})`);
        }
      };

      const progress = createProgress();
      progress.start(transcripts.length, 'compacting');
      const runs: CompactedRun[] = [];
      for (const run of transcripts) {
        const result = await compactWithFallback({
          messages: run.messages,
          tools: run.tools,
          counter,
          budget: { contextWindow },
          strategy,
          onEvent,
        });
        runs.push({
          id: run.id,
          messagesBefore: run.messages.length,
          messagesAfter: result.messages.length,
          result,
        });
        progress.increment();
      }
      progress.stop();

      const report = compactReport({
        file: transcript,
        format: transcripts[0]?.format ?? 'unknown',
        model: options.model ?? modelId,
        counter: { family: counter.family, exact: counter.exact },
        contextWindow,
        strategy: options.strategy,
        runs,
      });
      const written = writeCompacted({
        file: transcript,
        text,
        transcripts,
        compacted: runs.map((run) => run.result.messages),
      });
      if (options.out === undefined) {
        process.stdout.write(written.text.endsWith('\n') ? written.text : `${written.text}\n`);
      } else {
        await writeOutputFile(options.out, written.text);
        report.out = {
          file: options.out,
          format: written.format,
          ...(written.note ? { note: written.note } : {}),
        };
      }
      if (written.note !== undefined && options.json !== true) console.error(`kioku: ${written.note}`);
      const rendered = options.json === true ? JSON.stringify(report, null, 2) : renderCompactReport(report);
      // With the history on standard output, the report goes to standard error.
      if (options.out === undefined) console.error(rendered);
      else console.log(rendered);
      if (report.failure !== undefined) {
        if (options.json !== true) {
          console.error(
            `kioku: ${options.strategy} failed, so ${report.fallbacks.join(' then ') || 'nothing'} compacted instead (exit ${fellBack})`,
          );
        }
        process.exitCode = fellBack;
      }
      if (report.runsOverWindow > 0) {
        if (options.json !== true) {
          console.error(
            `kioku: ${report.runsOverWindow} of ${report.runs.length} run(s) still over the ${contextWindow.toLocaleString('en-US')}-token window after compaction (exit ${overWindow})`,
          );
        }
        process.exitCode = overWindow;
      }
    });
}
