import { jsonSchema, type ToolSet, tool } from 'ai';
import { errorFixture } from './error-fixture.js';
import type { LoopbackReply, LoopbackRequest } from './loopback-provider-server.js';

/** How a scripted agent's server names its tool calls. */
export type ToolCallIds =
  /** `call_<step>_<k>`, as OpenAI and Anthropic do. */
  | 'unique'
  /** The same id for every call (llama.cpp's server returns one). */
  | 'constant'
  /** `call_<k>`, numbered within a turn, so ids repeat across steps. */
  | 'per-turn';

/** Options of {@link scriptedAgent}. */
export interface ScriptedAgentOptions {
  /** Tool steps before the answer. */
  steps: number;
  /** Tool calls per step (parallel calls); default 1. */
  parallel?: number;
  /** Default `unique`. */
  ids?: ToolCallIds;
  /** Characters of each tool output; default 2,000. */
  outputCharacters?: number;
  /** The server's window, in its tokens (a quarter of the request's messages' JSON): a larger prompt is rejected with `overflow`. */
  limit?: number;
  /** The overflow error the server answers with, for a prompt of `tokens` over `limit`; default vLLM's captured body with these figures. */
  overflow?: (tokens: number, limit: number) => LoopbackReply;
  /** The prompt tokens the server reports for `tokens` it counted (a truncating server reports fewer); default `tokens`. */
  reportTokens?: (tokens: number) => number;
  /** Send no usage at all. */
  noUsage?: boolean;
}

/** The system prompt, task and answer of every scripted agent run. */
export const agentSystem = 'You are a security analyst. Use the tools; answer when you know.';
export const agentTask = 'Investigate alert 4711 on host MKT01 and say which process dumped LSASS memory.';
export const agentAnswer = 'procdump64.exe dumped LSASS memory on MKT01.';
export const summaryAnswer = 'Summary: the analyst ran tools on MKT01; procdump64.exe is suspicious.';

/**
 * What a scripted agent's tool returns for call `k` of step `step`: a unique head, then filler; `variant`
 * tells apart the outputs of two conversations.
 */
export function agentToolOutput(step: number, k: number, characters = 2_000, variant = ''): string {
  const head = `result ${variant}${step}-${k}: host MKT01 process procdump64.exe pid ${4000 + step * 10 + k}\n`;
  const line = `row ${step}.${k} 10.0.${step % 250}.${k + 1} C:\\Windows\\Temp\\dump-${step}-${k}.dmp ok\n`;
  return (head + line.repeat(Math.ceil(characters / line.length))).slice(
    0,
    Math.max(head.length, characters),
  );
}

/** The AI SDK tools a scripted agent calls: `lookup({ step, k })` returns {@link agentToolOutput}. */
export function agentTools(characters = 2_000, variant = ''): ToolSet {
  return {
    lookup: tool({
      description: 'Look something up.',
      inputSchema: jsonSchema<{ step: number; k: number }>({
        type: 'object',
        properties: { step: { type: 'number' }, k: { type: 'number' } },
        required: ['step', 'k'],
      }),
      execute: async ({ step, k }) => agentToolOutput(step, k, characters, variant),
    }),
  };
}

type ChatMessage = {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};

/** The messages of a chat-completions request. */
export function requestMessages(request: LoopbackRequest): ChatMessage[] {
  const messages = request.body?.messages;
  return Array.isArray(messages) ? (messages as ChatMessage[]) : [];
}

/**
 * The scripted server's count of a request's prompt, its tokenizer: a quarter of the characters the
 * model reads (contents, tool names and arguments), plus 4 per message; close to `quarterCounter`'s, not
 * the same (it reads the provider's wire format).
 */
export function requestTokens(request: LoopbackRequest): number {
  let characters = 0;
  const messages = requestMessages(request);
  for (const message of messages) {
    const content = message.content;
    if (typeof content === 'string') characters += content.length;
    else if (Array.isArray(content)) {
      for (const part of content as Array<{ text?: unknown }>) {
        if (typeof part.text === 'string') characters += part.text.length;
      }
    }
    for (const call of message.tool_calls ?? []) {
      characters += call.function.name.length + call.function.arguments.length;
    }
  }
  return Math.ceil(characters / 4) + 4 * messages.length;
}

/** True for a request kioku's summarizer made (it sends no tools), not the agent. */
export function isSummaryRequest(request: LoopbackRequest): boolean {
  return request.body?.tools === undefined;
}

/** The calls of the newest step a request carries, with the results that answer them by position. */
export function newestStep(
  request: LoopbackRequest,
): { calls: Array<{ step: number; k: number }>; results: unknown[] } | undefined {
  const messages = requestMessages(request);
  const at = messages.findLastIndex((message) => message.role === 'assistant' && message.tool_calls);
  if (at === -1) return undefined;
  const calls = (messages[at]?.tool_calls ?? []).map(
    (call) => JSON.parse(call.function.arguments) as { step: number; k: number },
  );
  const results = messages
    .slice(at + 1)
    .filter((message) => message.role === 'tool')
    .map((message) => message.content);
  return { calls, results };
}

/**
 * An OpenAI-compatible server's script for a tool-using agent loop: at each request it calls `parallel`
 * tools for the next step (read from the newest results the request carries, so a compacted history
 * does not confuse it), with ids as `ids` says, and answers after `steps` steps; it answers kioku's
 * summarizer with a summary, rejects a prompt over `limit` with a real overflow body, and reports usage
 * as `reportTokens` says.
 */
export function scriptedAgent({
  steps,
  parallel = 1,
  ids = 'unique',
  limit,
  overflow = vllmOverflow,
  reportTokens = (tokens) => tokens,
  noUsage = false,
}: ScriptedAgentOptions): (request: LoopbackRequest) => LoopbackReply {
  const usage = (tokens: number) =>
    noUsage ? { usage: false as const } : { promptTokens: reportTokens(tokens) };
  return (request) => {
    const tokens = requestTokens(request);
    if (limit !== undefined && tokens > limit) return overflow(tokens, limit);
    if (isSummaryRequest(request)) return { text: summaryAnswer, ...usage(tokens) };
    const newest = newestStep(request);
    const step = newest === undefined ? 0 : Math.max(...newest.calls.map((call) => call.step)) + 1;
    if (step >= steps) return { text: agentAnswer, ...usage(tokens) };
    return {
      toolCalls: Array.from({ length: parallel }, (_, k) => ({
        id: ids === 'constant' ? 'call_0' : ids === 'per-turn' ? `call_${k}` : `call_${step}_${k}`,
        name: 'lookup',
        arguments: { step, k },
      })),
      ...usage(tokens),
    };
  };
}

/** The numbers of a captured overflow body and what each stands for. */
const figuresOf: Record<string, Record<string, 'limit' | 'tokens' | 'zero'>> = {
  'vllm-maximum-context-length.json': { 131072: 'limit', 156632: 'tokens', 152536: 'tokens', 4096: 'zero' },
  'openai-context-length-exceeded.json': { 4097: 'limit', 4120: 'tokens', 3120: 'tokens', 1000: 'zero' },
  'llama-cpp-exceed-context-size.json': { 14429: 'tokens', 8192: 'limit' },
};

/**
 * A provider's captured overflow body (`src/overflow/__fixtures__`), its figures replaced by this
 * request's: what a server with a window of `limit` tokens answers a prompt of `tokens`.
 */
export function capturedOverflow(
  file: keyof typeof figuresOf & string,
): (tokens: number, limit: number) => LoopbackReply {
  const fixture = errorFixture(file);
  const figures = figuresOf[file] ?? {};
  return (tokens, limit) => ({
    status: fixture.statusCode ?? 400,
    body: fixture.body.replace(/\d+/g, (number) => {
      const role = figures[number];
      return role === undefined ? number : String(role === 'limit' ? limit : role === 'tokens' ? tokens : 0);
    }),
  });
}

/** vLLM's captured 400 with this request's figures. */
const vllmOverflow = capturedOverflow('vllm-maximum-context-length.json');
