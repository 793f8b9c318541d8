import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy } from '../strategies/strategy.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines } from '../test/tool-step.js';
import { kiokuMiddleware } from './kioku-middleware.js';

/** How a provider names the calls of step `step` (from 1), call `index` of it. */
type Ids = (step: number, index: number) => string;
const idSchemes: Record<string, Ids> = {
  distinct: (step, index) => `call_${step}_${index}`,
  'constant (llama.cpp)': () => 'call_0',
  'per turn': (_, index) => `call_${index}`,
};
const parallel = 3;
const steps = 24;

/** Every tool result a prompt holds, by position in the prompt, with whether it is a placeholder. */
function results(prompt: LanguageModelV4Prompt) {
  return prompt.flatMap((message, index) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  index,
                  id: part.toolCallId,
                  output: part.output,
                  masked: part.providerOptions?.kioku?.placeholder === true,
                },
              ]
            : [],
        )
      : [],
  );
}

/**
 * A live `generateText` loop through the middleware: each step the model calls the `read` tool three
 * times in parallel under `ids`; every output is distinct and big enough to mask.
 */
async function run(strategy: Strategy, ids: Ids) {
  const model = scriptedModel({
    provider: 'openai.chat',
    modelId: 'gpt-4o',
    replies: [
      ...Array.from({ length: steps }, (_, step) => ({
        toolCalls: Array.from({ length: parallel }, (_, index) => ({
          toolCallId: ids(step + 1, index),
          toolName: 'read',
          input: { file: `f${step + 1}.${index}` },
        })),
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
      middleware: kiokuMiddleware({
        strategy,
        counter: quarterCounter(),
        contextWindow: 1_000_000,
        trigger: false,
      }),
    }),
    prompt: 'Read the files.',
    tools: { read },
    stopWhen: stepCountIs(steps + 1),
  });
  return model.doGenerateCalls.map((call) => call.prompt);
}

describe('kiokuMiddleware in a live loop with parallel calls', () => {
  for (const [scheme, ids] of Object.entries(idSchemes)) {
    it(`never masks the newest step's results and masks older ones, with ${scheme} ids`, async () => {
      // The payback rule off, so masking shows from the first batch.
      for (const strategy of [observationMasking({ keep: 1 }), kiokuDefault({ payback: false })]) {
        const prompts = await run(strategy, ids);
        expect(prompts).toHaveLength(steps + 1);
        prompts.forEach((prompt, call) => {
          const all = results(prompt);
          // The results of the newest step: those after the last assistant message.
          const last = prompt.findLastIndex((message) => message.role === 'assistant');
          const newest = all.filter((result) => result.index > last);
          expect(newest).toHaveLength(call === 0 ? 0 : parallel);
          for (const result of newest) {
            expect(result.masked).toBe(false);
            expect(result.output).toEqual({
              type: 'text',
              value: expect.stringMatching(new RegExp(`^f${call}\\.`)),
            });
          }
        });
        const final = results(prompts.at(-1) ?? []);
        // Older steps were masked, and every id is the agent's own, as it gave it.
        expect(final.filter((result) => result.masked).length).toBeGreaterThanOrEqual((steps - 5) * parallel);
        expect(final.map((result) => result.id)).toEqual(
          Array.from({ length: steps }, (_, step) =>
            Array.from({ length: parallel }, (_, index) => ids(step + 1, index)),
          ).flat(),
        );
      }
    });
  }
});
