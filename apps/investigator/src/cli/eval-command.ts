import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { ConfigurationError } from 'kioku';
import { formatChatEvent } from '../chat/format-chat-event.js';
import { formatEvalReport } from '../eval/format-eval-report.js';
import { investigateScenario } from '../eval/investigate-scenario.js';
import { loadScenarios } from '../eval/load-scenarios.js';
import { runEval } from '../eval/run-eval.js';
import { scenarioLogDatabase } from '../eval/scenario-log-database.js';
import { defaultLogDatabase, defaultRunbooksDir } from '../logs/index.js';
import { type ModelOption, withModelOption } from './model-option.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { requireModel } from './require-model.js';
import { runCommand } from './run-command.js';

interface EvalOptions extends ModelOption {
  scenarios?: string;
  only?: string;
  logs?: string;
  source?: string;
  runbooks?: string;
  contextWindow?: number;
  verbose?: boolean;
  json?: boolean;
  out?: string;
}

/** The scenarios shipped with the app (`apps/investigator/scenarios`). */
const shippedScenarios = fileURLToPath(new URL('../../scenarios', import.meta.url));

/** `investigator eval`: the chat agent on scenarios with known answers, scored without a model. */
export function evalCommand(): Command {
  return withModelOption(new Command('eval'))
    .description(
      'Evaluate the chat agent with a model on scenarios built from the shared security logs (an alert, questions ' +
        'asked in order in one conversation, the findings each answer must contain): each alert in a fresh store, ' +
        'the log sub-agent on the log database, answers scored by the expected strings (no model judges), and the ' +
        'tokens and cost of each alert, sub-agents included.',
    )
    .option(
      '--scenarios <dir>',
      'the scenario files (default: the ones shipped in apps/investigator/scenarios)',
    )
    .option('--only <ids>', 'only these scenarios (comma-separated ids)')
    .option(
      '--logs <file>',
      'the log database `investigator logs load` built (default: $INVESTIGATOR_LOGS_DB, else .investigator-logs/security-logs.duckdb)',
    )
    .option(
      '--source <dir>',
      "the security-logs folder the files of a scenario's `imports` are in (default: INVESTIGATOR_SECURITY_LOGS, else ../shared/data/security-logs)",
    )
    .option('--runbooks <dir>', "the log sub-agent's runbooks (default: the shipped ones)")
    .option(
      '--context-window <tokens>',
      "the model's window, for a model kioku's catalog does not know",
      parsePositiveInteger,
    )
    .option('--verbose', 'print tool calls and the sub-agent’s steps as they happen')
    .option('--json', 'print the report as JSON')
    .option('--out <file>', 'also write the report as JSON to this file')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  investigator logs load && investigator eval --model openai-compatible:qwen2.5-7b-instruct --base-url http://127.0.0.1:8000/v1\n' +
        '  investigator eval --model openai:gpt-4.1-mini --only lsass-mkt01 --json\n' +
        'Exit codes: 0 evaluated (whatever the score), 1 the model, scenarios or log database could not be used, 2 bad arguments.',
    )
    .action((options: EvalOptions) =>
      runCommand(async () => {
        const model = await requireModel(options, 'eval');
        const logs = options.logs ?? defaultLogDatabase();
        if (!existsSync(logs)) {
          throw new ConfigurationError({
            name: 'MissingLogDatabaseError',
            message: `no log database at ${logs}: build it with \`investigator logs load\` (or pass --logs)`,
          });
        }
        const source =
          options.source ?? (process.env.INVESTIGATOR_SECURITY_LOGS || '../shared/data/security-logs');
        const scratch = await mkdtemp(join(tmpdir(), 'investigator-eval-'));
        let scenarios = await loadScenarios(options.scenarios ?? shippedScenarios);
        if (options.only !== undefined) {
          const wanted = options.only.split(',').map((id) => id.trim());
          const unknown = wanted.filter((id) => !scenarios.some((scenario) => scenario.id === id));
          if (unknown.length > 0) {
            throw new ConfigurationError({
              name: 'UnknownScenarioError',
              message: `--only names no scenario ${unknown.join(', ')}; the scenarios are ${scenarios.map((scenario) => scenario.id).join(', ')}`,
            });
          }
          scenarios = scenarios.filter((scenario) => wanted.includes(scenario.id));
        }
        const report = await runEval({
          scenarios,
          investigate: async (scenario) => {
            console.error(`investigator: ${scenario.id}: ${scenario.title}`);
            return investigateScenario({
              scenario,
              model,
              logs: await scenarioLogDatabase({ scenario, loaded: logs, securityLogs: source, scratch }),
              runbooksDir: options.runbooks ?? defaultRunbooksDir(),
              ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
              onWarning: (message) => console.error(`investigator: ${message}`),
              ...(options.verbose === true
                ? {
                    onEvent: (event) => {
                      const line = formatChatEvent(event);
                      if (line !== undefined) console.error(line);
                    },
                  }
                : {}),
            });
          },
          onQuestion: (_scenario, result) =>
            console.error(
              `  ${result.missing.length === 0 ? '✓' : '✗'} ${result.ask}${result.missing.length === 0 ? '' : ` (missing: ${result.missing.join(', ')})`}`,
            ),
        });
        await rm(scratch, { recursive: true, force: true });
        const json = JSON.stringify({ model: model.modelId, ...report }, null, 2);
        if (options.out !== undefined) await writeFile(options.out, `${json}\n`);
        console.log(options.json === true ? json : formatEvalReport(report));
      }),
    );
}
