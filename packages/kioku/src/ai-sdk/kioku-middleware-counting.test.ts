import type { ModelMessage } from 'ai';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines } from '../test/tool-step.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { kiokuMiddleware } from './kioku-middleware.js';

const steps = 30;

/** `quarterCounter()` that says how often it counted tools and messages. */
function spiedCounter() {
  const counter = quarterCounter();
  const counted = { tools: 0, messages: 0 };
  const spied: TokenCounter = {
    ...counter,
    countMessage(message: ModelMessage) {
      counted.messages += 1;
      return counter.countMessage(message);
    },
    countTools(tools) {
      counted.tools += 1;
      return counter.countTools(tools);
    },
    countPrompt(prompt) {
      if ((prompt.tools?.length ?? 0) > 0) counted.tools += 1;
      counted.messages += prompt.messages.length;
      return counter.countPrompt(prompt);
    },
  };
  return { counter: spied, counted };
}

describe('kiokuMiddleware counts what is new, once', () => {
  it('in a live loop, counts the tools once and each message a bounded number of times, whatever the length', async () => {
    const { counter, counted } = spiedCounter();
    const model = scriptedModel({
      provider: 'openai.chat',
      modelId: 'gpt-4o',
      replies: [
        ...Array.from({ length: steps }, (_, step) => ({
          toolCalls: [{ toolCallId: `call_${step}`, toolName: 'read', input: { file: `f${step}` } }],
        })),
        { text: 'done' },
      ],
    });
    const read = tool({
      description: 'Reads a file.',
      inputSchema: jsonSchema<{ file: string }>({ type: 'object', properties: { file: { type: 'string' } } }),
      execute: async ({ file }) => `${file}\n${outputLines(60)}`,
    });
    await generateText({
      model: wrapLanguageModel({
        model,
        middleware: kiokuMiddleware({ counter, contextWindow: 1_000_000 }),
      }),
      prompt: 'Read the files.',
      tools: { read },
      stopWhen: stepCountIs(steps + 1),
    });
    // The AI SDK sends the same tools at every step, in a new array: counted once, not at every call.
    expect(counted.tools).toBeLessThanOrEqual(2);
    // Each message (2 a step) counted once, its masked copy once: not the history at every call.
    expect(counted.messages).toBeLessThanOrEqual(4 * (2 * steps + 2));
  });
});
