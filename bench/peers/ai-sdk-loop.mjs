// The AI SDK's real `generateText` loop over a recorded run: a `MockLanguageModelV4` answers each call
// with the recorded assistant message, the tools return the recorded outputs, and the prompt the model
// receives at each call is captured and turned back into AI SDK messages.
import { generateText, jsonSchema, pruneMessages, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** A provider prompt (`LanguageModelV4Prompt`) as AI SDK `ModelMessage`s. */
export function promptToModelMessages(prompt) {
  return prompt.map((message) => {
    if (message.role === 'system') return { role: 'system', content: message.content };
    const content = message.content.map((part) => {
      if (part.type === 'tool-result') {
        const { providerOptions: _provider, ...rest } = part;
        return rest;
      }
      if (part.type === 'tool-call') {
        const input = typeof part.input === 'string' ? JSON.parse(part.input) : part.input;
        return { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input };
      }
      if (part.type === 'text') return { type: 'text', text: part.text };
      return part;
    });
    return { role: message.role, content };
  });
}

/**
 * Runs `script` (from `recordedSteps`) through `generateText`, with the AI SDK's documented compaction
 * recipe in `prepareStep` (prune with `before-last-3-messages` when `JSON.stringify(messages).length / 4`
 * exceeds `threshold`) when a threshold is given, else with no `prepareStep`. Returns the prompt of every
 * model call as AI SDK messages, system first.
 */
export async function runAiSdkLoop(script, { threshold } = {}) {
  let call = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      const step = script.steps[call];
      call += 1;
      const usage = {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      };
      if (step === undefined) {
        return {
          content: [{ type: 'text', text: 'Done.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          ...(step.text === '' ? [] : [{ type: 'text', text: step.text }]),
          ...step.calls.map((c) => ({
            type: 'tool-call',
            toolCallId: c.id,
            toolName: c.name,
            input: JSON.stringify(c.input),
          })),
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
  const tools = Object.fromEntries(
    script.toolNames.map((name) => [
      name,
      tool({
        description: `Replays the recorded outputs of ${name}.`,
        inputSchema: jsonSchema({ type: 'object', additionalProperties: true }),
        execute: async (_input, { toolCallId }) => {
          const output = script.steps.find((step) => step.outputs.has(toolCallId))?.outputs.get(toolCallId);
          if (output === undefined)
            throw new Error(`${script.id}: no recorded output for tool call ${toolCallId}`);
          return output;
        },
      }),
    ]),
  );
  const estimateTokens = (messages) => JSON.stringify(messages).length / 4;
  await generateText({
    model,
    system: script.system,
    messages: [{ role: 'user', content: script.task }],
    tools,
    stopWhen: stepCountIs(script.steps.length + 1),
    maxRetries: 0,
    ...(threshold === undefined
      ? {}
      : {
          prepareStep: async ({ messages }) => {
            if (estimateTokens(messages) > threshold) {
              return {
                messages: pruneMessages({
                  messages,
                  reasoning: 'all',
                  toolCalls: 'before-last-3-messages',
                  emptyMessages: 'remove',
                }),
              };
            }
          },
        }),
  });
  return model.doGenerateCalls.map((options) => promptToModelMessages(options.prompt));
}
