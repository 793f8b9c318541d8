import { z } from 'zod';
import { formatLocation } from '../json/format-json-path.js';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import { fromOpenAITools, openAIToolsSchema } from './from-openai-tools.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import type { OpenAIChatMessage } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import agent from './tau2-bench-agent.json' with { type: 'json' };
import type { RecordedCall, ToolDefinition, Transcript } from './transcript.js';

const toolCallSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  requestor: z.string().nullish(),
});

const messageSchema = z.discriminatedUnion('role', [
  z.looseObject({
    role: z.enum(['assistant', 'user']),
    content: z.string().nullish(),
    tool_calls: z.array(toolCallSchema).nullish(),
    usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number().nullish() }).nullish(),
    cost: z.number().nullish(),
    timestamp: z.string().nullish(),
  }),
  z.looseObject({
    role: z.literal('tool'),
    id: z.string(),
    content: z.string().nullish(),
    requestor: z.string().nullish(),
  }),
]);

const fileSchema = z.looseObject({
  info: z.looseObject({
    agent_info: z.looseObject({ implementation: z.string().nullish(), llm: z.string().nullish() }).nullish(),
    environment_info: z
      .looseObject({
        domain_name: z.string().nullish(),
        policy: z.string().nullish(),
        tool_defs: openAIToolsSchema.nullish(),
      })
      .nullish(),
  }),
  simulations: z
    .array(
      z.looseObject({
        id: z.string().nullish(),
        task_id: z.union([z.string(), z.number()]),
        trial: z.number().nullish(),
        messages: z.array(messageSchema).min(1),
      }),
    )
    .min(1),
});

type Tau2Message = z.output<typeof messageSchema>;

const knownTools: Readonly<Record<string, unknown>> = agent.tools;

/**
 * Reads tau2-bench results (`{info, tasks, simulations: [{task_id, trial, messages}]}`): one transcript
 * per simulation, id `task-<task_id>-trial-<trial>`, one call per agent message with its billed usage.
 * What the agent saw is rebuilt: for tau2's `llm_agent` the system prompt (tau2's template around
 * `info.environment_info.policy`) and the domain's tools (from the file's `tool_defs`, else tau2's own
 * for airline, retail and telecom); calls the simulated user made (`requestor: "user"`) and their
 * results are left out, as the agent never sees them. Runs of other agents (`llm_agent_solo`) are read
 * with their actions and results but no system prompt or tools, and say so (`promptMissing`): their files
 * do not record the prompt (the ticket, the user's tools), so no call can be counted, but what the agent
 * did can be learned from.
 *
 * @example
 * const runs = tau2BenchImporter().read(JSON.parse(text), { file: 'gpt-4.1_airline_default.json' });
 */
export function tau2BenchImporter(): Importer {
  return {
    format: 'tau2-bench',
    expected:
      'tau2-bench results: {info: {agent_info, environment_info}, tasks, simulations: [{task_id, messages}]}',
    detect(value) {
      if (!isRecord(value) || !Array.isArray(value.simulations) || !isRecord(value.info)) return 0;
      return 'environment_info' in value.info || 'agent_info' in value.info ? 1 : 0.6;
    },
    read(value, { file, lines }) {
      const run = parseShape(fileSchema, value, { file, lines });
      const { agent_info: agentInfo, environment_info: environment } = run.info;
      const model = agentInfo?.llm ?? undefined;
      const implementation = agentInfo?.implementation ?? 'llm_agent';
      if (implementation !== 'llm_agent') {
        const promptMissing =
          `the agent is ${JSON.stringify(implementation)} (at ${formatLocation(['info', 'agent_info', 'implementation'], lines)}), ` +
          `whose prompt (its ticket, the user's tools) the file does not record; tau2 builds it only for "llm_agent"`;
        return run.simulations.map((simulation, index) => ({
          ...readSimulation(simulation, { file, lines, index, system: undefined, tools: undefined, model }),
          promptMissing,
        }));
      }
      const system = environment?.policy
        ? agent.SYSTEM_PROMPT.replace('{agent_instruction}', agent.AGENT_INSTRUCTION).replace(
            '{domain_policy}',
            environment.policy,
          )
        : undefined;
      const toolDefs = environment?.tool_defs ?? knownTools[environment?.domain_name ?? ''];
      const tools =
        toolDefs === undefined
          ? undefined
          : fromOpenAITools(parseShape(openAIToolsSchema, toolDefs, { file }));
      return run.simulations.map((simulation, index) =>
        readSimulation(simulation, { file, lines, index, system, tools, model }),
      );
    },
  };
}

function readSimulation(
  simulation: z.output<typeof fileSchema>['simulations'][number],
  context: {
    file: string;
    lines: readonly number[] | undefined;
    index: number;
    system: string | undefined;
    tools: ToolDefinition[] | undefined;
    model: string | undefined;
  },
): Transcript {
  const { file, lines, index, system, tools, model } = context;
  const source: OpenAIChatMessage[] = system === undefined ? [] : [{ role: 'system', content: system }];
  const sourceIndex: number[] = system === undefined ? [] : [-1];
  const kept: Tau2Message[] = [];
  simulation.messages.forEach((message, position) => {
    const converted = agentView(message);
    if (converted === undefined) return;
    source.push(converted);
    sourceIndex.push(position);
    kept.push(message);
  });
  const path = ['simulations', index, 'messages'];
  const { messages, before } = fromOpenAIChatMessages(source, { file, path, lines, sourceIndex });
  const offset = system === undefined ? 0 : 1;
  const calls: RecordedCall[] = [];
  kept.forEach((message, k) => {
    if (message.role !== 'assistant' || !message.usage) return;
    const call: RecordedCall = { messageCount: before[k + offset] ?? 0 };
    if (model !== undefined) call.model = model;
    call.usage = { promptTokens: message.usage.prompt_tokens };
    if (typeof message.usage.completion_tokens === 'number') {
      call.usage.completionTokens = message.usage.completion_tokens;
    }
    if (typeof message.cost === 'number') call.usage.cost = message.cost;
    const time = message.timestamp ? Date.parse(message.timestamp) : Number.NaN;
    if (Number.isFinite(time)) call.timestamp = time / 1000;
    calls.push(call);
  });
  const transcript: Transcript = {
    format: 'tau2-bench',
    file,
    id: `task-${simulation.task_id}-trial-${simulation.trial ?? 0}`,
    messages,
    calls,
  };
  if (model !== undefined) transcript.model = model;
  if (tools !== undefined) transcript.tools = tools;
  return transcript;
}

/** The message as the agent's model received it, or `undefined` for the simulated user's own tool use. */
function agentView(message: Tau2Message): OpenAIChatMessage | undefined {
  if (message.role === 'tool') {
    if (message.requestor === 'user') return undefined;
    return { role: 'tool', tool_call_id: message.id, content: message.content ?? '' };
  }
  if (message.role === 'user') {
    if (message.tool_calls?.length && !message.content) return undefined;
    return { role: 'user', content: message.content ?? '' };
  }
  const calls = (message.tool_calls ?? []).map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  return {
    role: 'assistant',
    content: message.content ?? null,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}
