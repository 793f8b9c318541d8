import { Command, InvalidArgumentError, Option } from 'commander';
import { agentEvents, evaluateToolPrediction, splitByTask } from '../entry/strategies.js';
import { readInputFile, type Transcript, transcriptFormats } from '../entry/transcripts.js';
import {
  createParameterFiller,
  createToolGraph,
  InputFormatError,
  parameterFillerFromJSON,
  ToolGraphDataError,
  toolGraphFromJSON,
} from '../index.js';
import { loadForCommand } from './load-for-command.js';
import { maxFileSizeOption } from './max-file-size-option.js';
import { parseInteger } from './parse-integer.js';
import { createProgress } from './progress.js';
import { renderToolsReport, type ToolsReport } from './tools-command-report.js';
import { writeOutputFile } from './write-output-file.js';

interface ToolsOptions {
  format?: (typeof transcriptFormats)[number];
  json?: boolean;
  save?: string;
  load?: string;
  thetas: number[];
  topK: number;
  maxFileSize: number;
}

const defaultThetas = [0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99];

function parseThetas(value: string): number[] {
  const thetas = value.split(',').map((item) => Number(item.trim()));
  if (value.trim() === '' || thetas.some((theta) => !Number.isFinite(theta) || theta <= 0 || theta > 1)) {
    throw new InvalidArgumentError(
      `--thetas must be numbers in (0, 1] separated by commas, such as 0.6,0.8, found ${JSON.stringify(value)}.`,
    );
  }
  return thetas;
}

/**
 * The task a run belongs to, for the split: BFCL's variants of a task (`multi_turn_base_12`,
 * `multi_turn_miss_func_12`) are one task; trials of a task (`…-trial-2`) are one task; otherwise each run
 * id in each file.
 */
function taskOf(transcript: Transcript): string {
  const bfcl = /^multi_turn_[a-z_]+?_(\d+)$/.exec(transcript.id);
  if (bfcl !== null) return `bfcl:${bfcl[1]}`;
  return `${transcript.file}:${transcript.id.replace(/-trial-.*$/, '')}`;
}

const savedFileError = (message: string, cause?: unknown) =>
  new InputFormatError({ name: 'InputFormatError', message, cause });

async function loadSaved(file: string) {
  const text = (await readInputFile(file)).toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw savedFileError(
      `${file}: not JSON (${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')})`,
      error,
    );
  }
  if (data === null || typeof data !== 'object' || !('graph' in data) || !('filler' in data)) {
    throw savedFileError(
      `${file}: expected an object with "graph" and "filler", as \`kioku tools --save\` writes`,
    );
  }
  try {
    return { graph: toolGraphFromJSON(data.graph), filler: parameterFillerFromJSON(data.filler) };
  } catch (error) {
    if (ToolGraphDataError.isInstance(error)) throw savedFileError(`${file}: ${error.message}`, error);
    throw error;
  }
}

/** `kioku tools`: next-tool prediction measured on recorded runs. */
export function toolsCommand(): Command {
  return new Command('tools')
    .description(
      'Learn which tool an agent calls next (a tool-transition graph with parameter filling) from half of the ' +
        'recorded runs and measure it on the other half: top-1 accuracy of the next tool (beside the majority class: ' +
        'always the tool called most often), and of the tool with ' +
        'its arguments; at each confidence threshold θ, the steps that would skip the model (bypassed: tool and ' +
        'arguments predicted) and how often rightly, the steps whose tool choice would be narrowed to the likely ' +
        'tools, LLM calls saved and wrong bypasses; accuracy per tool.',
    )
    .argument('<paths...>', 'transcript files or directories (searched recursively for .json, .jsonl, .traj)')
    .addOption(
      new Option('--format <format>', 'read every file as this format instead of detecting it').choices(
        transcriptFormats,
      ),
    )
    .option('--json', 'print the results as JSON')
    .addOption(
      new Option(
        '--save <file>',
        'write the trained graph and parameter filler to this file as JSON',
      ).conflicts('load'),
    )
    .option('--load <file>', 'evaluate a graph saved with --save on every run given, instead of training one')
    .addOption(
      new Option('--thetas <list>', 'confidence thresholds to report, comma-separated')
        .argParser(parseThetas)
        .default(defaultThetas, defaultThetas.join(',')),
    )
    .addOption(
      new Option('--top-k <n>', 'most tools a narrowed step keeps (as toolGraphPrepareStep)')
        .argParser(parseInteger('--top-k', { min: 1 }))
        .default(3),
    )
    .addOption(maxFileSizeOption())
    .addHelpText(
      'after',
      '\nSplit: runs are grouped by task (trials of a task, and BFCL’s variants of a task, stay together); the ' +
        'sorted task ids alternate between training and test, so no task is in both. With --load nothing is ' +
        'trained and every run is a test run: give it runs the saved graph did not learn from. --save writes the ' +
        'graph trained on the training half, the one the figures describe; restore it in code with ' +
        'toolGraphFromJSON(saved.graph) and parameterFillerFromJSON(saved.filler).\n' +
        'A step is bypassed at θ when the top tool’s probability reaches θ and every argument is filled from a ' +
        'reliable source; it is right when the agent made exactly that call. LLM calls saved counts right ' +
        'bypasses. A step is narrowed when at most --top-k tools hold 99.5% of the probability; kept means the ' +
        'agent’s action was among them (or it replied).\n' +
        'Exit codes: 0 ok, 1 no run could be read, none has a tool call to predict, a file could not be read ' +
        '(the others were used) or the --load file is not a saved graph, 2 bad arguments.',
    )
    .action(async (paths: string[], options: ToolsOptions) => {
      const saved = options.load === undefined ? undefined : await loadSaved(options.load);
      const progress = createProgress();
      // Prediction reads the agents' actions only: runs whose prompts are not recorded are kept.
      const loaded = await loadForCommand(paths, { ...options, progress, needs: 'actions' });
      const { failed } = loaded;
      const [trainRuns, testRuns] =
        saved === undefined ? splitByTask(loaded.transcripts, taskOf) : [[], loaded.transcripts];
      const test = testRuns.map((transcript) => agentEvents(transcript.messages));
      const testCalls = test.reduce(
        (sum, run) => sum + run.filter((event) => event.kind === 'call').length,
        0,
      );
      if (testCalls === 0) {
        const why =
          loaded.transcripts.length === 0
            ? 'no transcript could be read'
            : saved === undefined && testRuns.length === 0
              ? `the ${loaded.transcripts.length} run(s) read are all of one task; the test half needs runs of another task`
              : 'the test runs make no tool call to predict';
        console.error(`kioku: ${why}`);
        process.exitCode = 1;
        return;
      }
      const trained = saved ?? { graph: createToolGraph(), filler: createParameterFiller() };
      const evaluation = evaluateToolPrediction({
        train: trainRuns.map((transcript) => agentEvents(transcript.messages)),
        test,
        trained,
        thetas: options.thetas,
        topK: options.topK,
      });
      const report: ToolsReport = {
        trainRuns: trainRuns.length,
        testRuns: testRuns.length,
        ...(options.load === undefined ? {} : { loaded: options.load }),
        learnedRuns: trained.graph.runs,
        ...evaluation,
        thresholds: evaluation.thresholds.map((outcome) => ({
          ...outcome,
          llmCallsSaved: outcome.bypassRight,
          wrongBypasses: outcome.bypassed - outcome.bypassRight,
        })),
      };
      if (options.save !== undefined) {
        const data = { graph: trained.graph.toJSON(), filler: trained.filler.toJSON() };
        await writeOutputFile(options.save, `${JSON.stringify(data)}\n`);
      }
      console.log(
        options.json === true ? JSON.stringify(report, null, 2) : renderToolsReport(report, options.topK),
      );
      if (failed) process.exitCode = 1;
    });
}
