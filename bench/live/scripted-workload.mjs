// The workload of the live benches: a security agent's tool loop, deterministic. Each step the model
// calls 1 to 3 tools in parallel (OpenAI's default allows several); each output is 2 to 8 KB of log
// lines with hosts, users, addresses, paths and ids. The model is a plain AI SDK `LanguageModelV4` (no
// mock that keeps every prompt it saw), so what a run holds is the agent's and kioku's alone.

export const system = 'You are a security analyst. Investigate with the tools; answer when you know.';
export const task = 'Investigate alert 4711: LSASS memory read on host MKT01. Which process, which user?';
export const answer = 'procdump64.exe, run by svc-backup, dumped LSASS on MKT01.';
export const summary = 'Summary: the analyst searched logs and files on MKT01; procdump64.exe is suspicious.';
export const toolNames = ['search_logs', 'read_file', 'query_db'];

/** How many calls step `step` makes (1 to 3). */
export const parallelCalls = (step) => 1 + ((step * 7 + 3) % 3);

/** The calls of step `step`: id, tool and input. */
export function stepCalls(step) {
  return Array.from({ length: parallelCalls(step) }, (_, k) => ({
    toolCallId: `call_${step}_${k}`,
    toolName: toolNames[(step + k) % toolNames.length],
    input: { query: `host:MKT01 step:${step} part:${k}`, limit: 200 },
  }));
}

/** Characters of an output: 2 to 8 KB, varying by step and call. */
export const outputCharacters = (step, k) => 2_000 + (((step * 31 + k * 17) * 2_654_435_761) % 6_000);

/** The output of call `k` of step `step`: log lines until `outputCharacters`. */
export function toolOutput(step, k) {
  const size = outputCharacters(step, k);
  let text = '';
  for (let line = 0; text.length < size; line += 1) {
    const n = step * 131 + k * 17 + line;
    text += `2024-05-${String(1 + (n % 28)).padStart(2, '0')}T10:${String(n % 60).padStart(2, '0')}:00Z host=WS${n % 97} user=u${n % 53} src=10.${n % 250}.${k}.${line % 250} path=C:\\Users\\u${n % 53}\\AppData\\Local\\Temp\\f${n}.tmp event=${4600 + (n % 90)} id=evt-${step}-${k}-${line}\n`;
  }
  return text.slice(0, size);
}

/** Characters of a provider prompt (what the scripted model reports as usage, half of them as tokens). */
function promptCharacters(prompt) {
  let characters = 0;
  for (const message of prompt) {
    if (typeof message.content === 'string') characters += message.content.length;
    else {
      for (const part of message.content) {
        if (part.type === 'text' || part.type === 'reasoning') characters += part.text.length;
        else if (part.type === 'tool-result') characters += part.output.value?.length ?? 64;
        else characters += 64;
      }
    }
  }
  return characters;
}

/**
 * A model that runs the agent for `steps` steps: each call with tools answers the next step's calls
 * (counted by the calls it answered), then the final answer; a call without tools (kioku's summarizer)
 * gets a summary. Usage: half the prompt's characters, as tokens (what o200k counts of these logs). `onCall(step)` runs before
 * each agent call.
 */
export function scriptedModel({ steps, modelId = 'gpt-4o', provider = 'openai.chat', onCall }) {
  let step = 0;
  const reply = (content, finish, prompt) => {
    const total = Math.ceil(promptCharacters(prompt) / 2);
    return {
      content,
      finishReason: { unified: finish, raw: finish },
      usage: {
        inputTokens: { total, noCache: total, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 20, text: 20, reasoning: undefined },
      },
      warnings: [],
    };
  };
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      if (options.tools === undefined || options.tools.length === 0) {
        return reply([{ type: 'text', text: summary }], 'stop', options.prompt);
      }
      onCall?.(step);
      if (step >= steps) return reply([{ type: 'text', text: answer }], 'stop', options.prompt);
      const calls = stepCalls(step);
      step += 1;
      return reply(
        [
          { type: 'text', text: `Step ${step}: checking ${calls.map((call) => call.toolName).join(', ')}.` },
          ...calls.map((call) => ({ type: 'tool-call', ...call, input: JSON.stringify(call.input) })),
        ],
        'tool-calls',
        options.prompt,
      );
    },
    async doStream() {
      throw new Error('the scripted model only generates');
    },
  };
}

/** The agent's tools: each returns the scripted output of its call (by id). */
export function agentTools({ tool, jsonSchema }) {
  const execute = async (_input, { toolCallId }) => {
    const [, step, k] = /^call_(\d+)_(\d+)$/.exec(toolCallId) ?? [];
    return toolOutput(Number(step), Number(k));
  };
  return Object.fromEntries(
    toolNames.map((name) => [
      name,
      tool({
        description: `The ${name.replace('_', ' ')} tool.`,
        inputSchema: jsonSchema({
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'number' } },
        }),
        execute,
      }),
    ]),
  );
}

/** The history of `steps` steps as AI SDK messages (what a resumed conversation sends in one call). */
export function history(steps) {
  const messages = [{ role: 'user', content: task }];
  for (let step = 0; step < steps; step += 1) messages.push(...stepMessages(step));
  return messages;
}

/** The messages step `step` adds to the history: the assistant's calls and their results. */
export function stepMessages(step) {
  const calls = stepCalls(step);
  return [
    {
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: `Step ${step + 1}: checking ${calls.map((call) => call.toolName).join(', ')}.`,
        },
        ...calls.map((call) => ({ type: 'tool-call', ...call })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((call, k) => ({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text', value: toolOutput(step, k) },
      })),
    },
  ];
}

/**
 * Runs the agent's loop for `steps` steps at the provider interface, as the AI SDK drives a model in a
 * tool loop: each call's prompt is the system prompt and the history so far in fresh message and part
 * objects (the AI SDK converts its messages anew at every step) around the same strings, inputs and
 * outputs; the caller keeps the history. Through `generateText` itself the AI SDK's own per-step work is
 * quadratic in the history (most of the hour a 5,000-step run takes). `model` is the (wrapped) model;
 * `at(step)` runs before each step and after the last. `convertToLanguageModelPrompt` is `ai/internal`'s.
 * With `idle`, each step first waits a turn of the event loop, as a real provider call's network I/O
 * does: the scripted model answers at once, so without it the whole loop runs in one job, and what V8
 * keeps for the length of a job (the targets of `WeakRef`s read in it, such as the abort signals of
 * kioku's summaries and what their listeners hold) stays alive to the end.
 */
export async function providerLoop({ model, steps, convertToLanguageModelPrompt, at, idle = false }) {
  const toolDefinitions = toolNames.map((name) => ({
    type: 'function',
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {} },
  }));
  const convert = (messages) =>
    convertToLanguageModelPrompt({
      prompt: { instructions: undefined, messages },
      supportedUrls: {},
      download: undefined,
    });
  const messages = await convert([{ role: 'user', content: task }]);
  for (let step = 0; step <= steps; step += 1) {
    at?.(step);
    if (step === steps) break;
    if (idle) await new Promise((resolve) => setImmediate(resolve));
    messages.push(...(await convert(stepMessages(step))));
    const prompt = [
      { role: 'system', content: system },
      ...messages.map((message) =>
        typeof message.content === 'string'
          ? { ...message }
          : { ...message, content: message.content.map((part) => ({ ...part })) },
      ),
    ];
    await model.doGenerate({ prompt, tools: toolDefinitions, maxOutputTokens: undefined });
  }
}
