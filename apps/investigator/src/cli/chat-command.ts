import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';
import type { ToolRegistration } from 'kioku';
import type { IntrospectionReport } from 'kioku/store';
import { actingUser } from '../auth/index.js';
import type { ChatBudget } from '../chat/chat-budget.js';
import type { ChatEvent } from '../chat/chat-event.js';
import { formatChatEvent } from '../chat/format-chat-event.js';
import { intelLookupRegistration } from '../chat/intel-lookup-registration.js';
import { loadMcpServers } from '../chat/load-mcp-servers.js';
import { logsRunRegistration } from '../chat/logs-run-registration.js';
import { openAlertChat } from '../chat/open-alert-chat.js';
import type { Chat, ChatTurn } from '../chat/open-chat.js';
import { storeApprover } from '../chat/store-approver.js';
import { defaultLogDatabase, defaultRunbooksDir } from '../logs/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { type ModelOption, withModelOption } from './model-option.js';
import { parsePositiveInteger } from './parse-positive-integer.js';
import { requireModel } from './require-model.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ChatOptions extends StoreOption, ModelOption, ActorOption {
  message?: string;
  logs?: string;
  runbooks?: string;
  plan?: boolean;
  mcp?: string;
  contextWindow?: number;
  maxSteps?: number;
  maxInputTokens?: number;
  maxCost?: number;
  json?: boolean;
}

function parseUsd(value: string): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(number > 0)) {
    throw new InvalidArgumentError(
      `expected an amount in USD greater than 0, found ${JSON.stringify(value)}`,
    );
  }
  return number;
}

const tokens = (count: number | undefined) => (count ?? 0).toLocaleString('en-US');
const usd = (cost: number | undefined) =>
  cost === undefined ? 'cost unknown (model not in the catalog)' : `$${cost.toFixed(4)}`;

/** `investigator chat <id>`: talk with the agent about one alert; the conversation is kept and resumed. */
export function chatCommand(): Command {
  return withActorOption(withModelOption(withStoreOption(new Command('chat'))))
    .description(
      'Investigate one alert with the agent. The conversation is stored with the alert and resumed by the next ' +
        '`chat` (the original history is kept; kioku compacts what is sent with its security summary prompt when ' +
        'the window fills, or when the provider rejects a prompt as too long). Answers stream as they are written; ' +
        "tool calls and the log sub-agent's steps are printed on standard error as they happen, then the cost. " +
        'The agent cannot resolve the alert: that is `investigator resolve`.',
    )
    .argument('<id>', 'the alert id (see `investigator list`)')
    .option(
      '--message <text>',
      'ask one question and exit (otherwise each line of standard input is a question)',
    )
    .option(
      '--plan',
      'plan the request in steps, run each with its tools, reflect, then answer (kioku planAndExecute)',
    )
    .option(
      '--logs <file>',
      'the log database `investigator logs load` built (default: $INVESTIGATOR_LOGS_DB, else .investigator-logs/security-logs.duckdb)',
    )
    .option(
      '--runbooks <dir>',
      "the log sub-agent's runbooks (default: the ones shipped in apps/investigator/runbooks)",
    )
    .option(
      '--mcp <file>',
      'MCP servers to offer as tools (JSON: { "mcpServers": { name: { command|url, allow: [...] } } }; default: $INVESTIGATOR_MCP_CONFIG)',
    )
    .option(
      '--context-window <tokens>',
      "the model's window, for a model kioku's catalog does not know",
      parsePositiveInteger,
    )
    .option(
      '--max-steps <n>',
      'model calls per question before a handover note (default 12)',
      parsePositiveInteger,
    )
    .option(
      '--max-input-tokens <n>',
      'input tokens for the whole conversation, sub-agents included',
      parsePositiveInteger,
    )
    .option('--max-cost <usd>', 'USD for the whole conversation, sub-agents included', parseUsd)
    .option('--json', 'with --message: print the answer, its usage and the conversation totals as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  investigator chat 7f3a2c --model openai-compatible:qwen2.5-7b-instruct --base-url http://127.0.0.1:8000/v1\n' +
        '  investigator chat 7f3a2c --message "Which process read LSASS memory?" --model openai:gpt-4.1-mini\n' +
        'Exit codes: 0 answered, 1 the alert, store, model or budget could not be used (the message says which), 2 bad arguments.',
    )
    .action((id: string, options: ChatOptions) =>
      runCommand(async () => {
        const model = await requireModel(options, 'chat');
        const mcp = options.mcp ?? process.env.INVESTIGATOR_MCP_CONFIG;
        const servers: ToolRegistration[] = mcp === undefined || mcp === '' ? [] : await loadMcpServers(mcp);
        const budget: ChatBudget = {
          ...(options.maxSteps === undefined ? {} : { maxStepsPerTurn: options.maxSteps }),
          ...(options.maxInputTokens === undefined ? {} : { maxInputTokens: options.maxInputTokens }),
          ...(options.maxCost === undefined ? {} : { maxCostUsd: options.maxCost }),
        };
        const json = options.json === true && options.message !== undefined;
        const onEvent = (event: ChatEvent) => {
          if (event.type === 'text-delta') {
            if (!json) process.stdout.write(event.text);
            return;
          }
          const line = formatChatEvent(event);
          if (line !== undefined) console.error(line);
        };
        await withStore(options, async (store) => {
          const by = await actingUser({
            store,
            name: actorName(options),
            need: 'analyst',
            action: 'investigating',
          });
          const opened = await openAlertChat({
            store,
            alertId: id,
            model,
            tools: [
              logsRunRegistration({
                model,
                file: options.logs ?? defaultLogDatabase(),
                runbooksDir: options.runbooks ?? defaultRunbooksDir(),
                store,
                onIntrospection: (report) => console.error(formatIntrospection(report)),
              }),
              intelLookupRegistration({
                store,
                otx:
                  process.env.OTX_API_KEY === undefined || process.env.OTX_API_KEY === ''
                    ? undefined
                    : {
                        apiKey: process.env.OTX_API_KEY,
                        ...(process.env.OTX_BASE_URL ? { baseUrl: process.env.OTX_BASE_URL } : {}),
                      },
              }),
              ...servers,
            ],
            budget,
            onEvent,
            approve: storeApprover({ store, alertId: id, by }),
            onWarning: (message) => console.error(`investigator: ${message}`),
            ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
          });
          const { chat } = opened;
          try {
            if (chat.resumedMessages > 0) {
              console.error(
                `investigator: resuming the conversation over alert ${id} (${chat.resumedMessages} messages kept)`,
              );
            }
            if (opened.alert.status === 'resolved') {
              console.error(
                `investigator: alert ${id} is already resolved (${opened.alert.resolution?.conclusion ?? ''})`,
              );
            }
            if (options.message !== undefined) {
              const turn = await ask(chat, options.message, options.plan === true);
              if (json) {
                console.log(JSON.stringify({ alertId: id, ...turn, conversation: chat.spent() }, null, 2));
              } else {
                process.stdout.write('\n');
                reportCost(chat, turn);
              }
              return;
            }
            await interactive(chat, options.plan === true);
          } finally {
            await opened.close();
          }
        });
      }),
    );
}

async function ask(chat: Chat, message: string, plan: boolean): Promise<ChatTurn> {
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', interrupt);
  try {
    return await chat.send(message, { plan, abortSignal: controller.signal });
  } finally {
    process.off('SIGINT', interrupt);
  }
}

async function interactive(chat: Chat, plan: boolean): Promise<void> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  const prompt = () => {
    if (process.stdin.isTTY) process.stderr.write('> ');
  };
  prompt();
  for await (const line of lines) {
    const message = line.trim();
    if (message === '/exit' || message === '/quit') break;
    if (message !== '') {
      const turn = await ask(chat, message, plan);
      process.stdout.write('\n');
      reportCost(chat, turn);
    }
    prompt();
  }
}

function formatIntrospection(report: IntrospectionReport): string {
  if (!report.success) return `  logs_run memory: introspection failed (${report.error.message})`;
  const { stored, merged, scored, deleted } = report.learned;
  return `  logs_run memory: ${stored.length} new, ${merged.length} merged, ${scored.length} scored, ${deleted.length} deleted`;
}

function reportCost(chat: Chat, turn: ChatTurn): void {
  const total = chat.spent();
  console.error(
    `investigator: this answer ${tokens(turn.usage.inputTokens)} input + ${tokens(turn.usage.outputTokens)} output tokens, ${usd(turn.costUsd)}; ` +
      `conversation (${total.turns} answers, sub-agents included) ${tokens(total.usage.inputTokens)} + ${tokens(total.usage.outputTokens)} tokens, ${usd(total.costUsd)}`,
  );
}
