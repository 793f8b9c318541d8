import { Command, Option } from 'commander';
import {
  compareWithRecorded,
  type ErrorSummary,
  type RecordedComparison,
  summarizeErrors,
} from '../entry/replay.js';
import { transcriptFormats } from '../entry/transcripts.js';
import { counterForModel } from '../index.js';
import { formatTable } from './format-table.js';
import { loadForCommand } from './load-for-command.js';
import { maxFileSizeOption } from './max-file-size-option.js';
import { createProgress } from './progress.js';

interface TokensOptions {
  model?: string;
  format?: (typeof transcriptFormats)[number];
  json?: boolean;
  maxFileSize: number;
}

/** `kioku tokens`: counted against recorded prompt tokens, call by call. */
export function tokensCommand(): Command {
  return new Command('tokens')
    .description(
      'Count the prompt of every recorded LLM call in the transcripts and compare it with the prompt tokens ' +
        'the provider billed: median and p95 absolute error per file, per model and overall, next to a flat ' +
        '4-characters-per-token estimate.',
    )
    .argument('<paths...>', 'transcript files or directories (searched recursively for .json, .jsonl, .traj)')
    .option('--model <id>', 'count every call as this model (default: the model each call recorded)')
    .addOption(
      new Option('--format <format>', 'read every file as this format instead of detecting it').choices(
        transcriptFormats,
      ),
    )
    .option('--json', 'print the results as JSON')
    .addOption(maxFileSizeOption())
    .addHelpText(
      'after',
      '\nPer-call usage logs (OpenHands *per_call_usage.jsonl) among the inputs are attached to the runs they ' +
        'describe. Only regular files are read (symbolic links followed); a file that cannot be read is reported and the ' +
        'others still counted.\nExit codes: 0 ok, 1 a file could not be read (the others were counted) or no call ' +
        'recorded its usage, 2 bad arguments.',
    )
    .action(async (paths: string[], options: TokensOptions) => {
      const progress = createProgress();
      const loaded = await loadForCommand(paths, { ...options, progress });
      const { failed } = loaded;
      const counter = options.model === undefined ? undefined : counterForModel(options.model);
      const withUsage = loaded.transcripts.filter((transcript) =>
        transcript.calls.some((call) => call.usage !== undefined),
      );
      progress.start(withUsage.length, 'counting');
      const rows = withUsage.flatMap((transcript) => {
        const transcriptRows = compareWithRecorded([transcript], counter === undefined ? {} : { counter });
        progress.increment();
        return transcriptRows;
      });
      progress.stop();
      if (rows.length === 0) {
        // Said whenever some transcript was read, also beside files that could not be (reported above).
        if (loaded.transcripts.length > 0 || !failed) {
          console.error(
            `kioku: none of the ${loaded.transcripts.length} transcript(s) read records the prompt tokens of its calls; ` +
              'nothing to compare',
          );
        }
        process.exitCode = 1;
        return;
      }
      const report = summarize(rows);
      console.log(options.json === true ? JSON.stringify(report, null, 2) : render(report));
      if (failed) process.exitCode = 1;
    });
}

interface Group extends ErrorSummary {
  family: string;
  exact: boolean;
}

function group(rows: RecordedComparison[], key: (row: RecordedComparison) => string): Record<string, Group> {
  const groups = new Map<string, RecordedComparison[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return Object.fromEntries(
    [...groups].map(([name, groupRows]) => {
      const first = groupRows[0] as RecordedComparison;
      return [name, { family: first.family, exact: first.exact, ...summarizeErrors(groupRows) }];
    }),
  );
}

function summarize(rows: RecordedComparison[]) {
  return {
    overall: summarizeErrors(rows),
    models: group(rows, (row) => row.model ?? 'unknown'),
    files: group(rows, (row) => row.file),
  };
}

const percent = (value: number) => `${value.toFixed(2)}%`;
const header = ['', 'counter', 'calls', 'median |err|', 'p95 |err|', '4-chars median |err|'];
const line = (name: string, summary: ErrorSummary, counter: string) => [
  name,
  counter,
  summary.calls,
  percent(summary.medianAbsErrorPct),
  percent(summary.p95AbsErrorPct),
  percent(summary.naiveMedianAbsErrorPct),
];
const counterLabel = (entry: Group) => (entry.exact ? entry.family : `${entry.family} (estimate)`);

function render(report: ReturnType<typeof summarize>): string {
  const files = Object.entries(report.files).map(([name, entry]) => line(name, entry, counterLabel(entry)));
  const models = Object.entries(report.models).map(([name, entry]) => line(name, entry, counterLabel(entry)));
  return [
    'Per file',
    formatTable(['file', ...header.slice(1)], files),
    '',
    'Per model',
    formatTable(['model', ...header.slice(1)], models),
    '',
    formatTable(['', ...header.slice(1)], [line('overall', report.overall, '')]),
  ].join('\n');
}
