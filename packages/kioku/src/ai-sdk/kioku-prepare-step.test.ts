import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  ToolLoopAgent,
  tool,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../messages/validate-history.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy } from '../strategies/strategy.js';
import { estimatedSummarization } from '../strategies/summarization/estimated-summarization.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines } from '../test/tool-step.js';
import type { KiokuEvent } from './kioku-event.js';
import { kiokuPrepareStep } from './kioku-prepare-step.js';

const steps = 24;
const tools = {
  bash: tool({
    description: 'Run a command.',
    inputSchema: jsonSchema<{ command: string }>({
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    }),
    execute: async ({ command }) => `$ ${command}\n${outputLines(100)}`,
  }),
};

/** An agent model that runs `steps` bash commands, then answers. */
function agentModel() {
  return scriptedModel({
    replies: [
      ...Array.from({ length: steps }, (_, i) => ({
        toolCalls: [{ toolCallId: `call-${i}`, toolName: 'bash', input: { command: `ls /var/log/${i}` } }],
      })),
      { text: 'Investigation done.' },
    ],
  });
}

/** Summaries estimated at 1,000 tokens, made only when the trigger fires. */
const onDemandSummaries = () => estimatedSummarization({ trigger: { inputTokens: Number.MAX_SAFE_INTEGER } });
const summaryMark = '=== Previous Conversation Summary ===';
const maskMark = '[Old bash output omitted';

function helper(events: KiokuEvent[], strategy: Strategy = onDemandSummaries()) {
  return kiokuPrepareStep({
    strategy,
    counter: quarterCounter(),
    contextWindow: 16_000,
    onEvent: (event) => events.push(event),
  });
}

/** What each step's prompt held, from the calls the mock model received. */
function checkPrompts(prompts: ReadonlyArray<{ prompt: unknown }>, mark = summaryMark): void {
  for (const { prompt } of prompts) {
    expect(validateHistory(prompt as ModelMessage[])).toEqual([]);
  }
  const sizes = prompts.map(({ prompt }) => JSON.stringify(prompt).length / 4);
  // Never past the window, though 24 uncompacted steps would hold ~25,000 tokens.
  expect(Math.max(...sizes)).toBeLessThan(16_000);
  expect(JSON.stringify(prompts.at(-1)?.prompt)).toContain(mark);
  expect(JSON.stringify(prompts.at(-1)?.prompt)).toContain('Investigate the beacon from 10.0.0.7.');
}

describe('kiokuPrepareStep', () => {
  it('compacts the steps of generateText when the reported usage reaches 80% of the window', async () => {
    const events: KiokuEvent[] = [];
    const model = agentModel();
    const result = await generateText({
      model,
      tools,
      prompt: 'Investigate the beacon from 10.0.0.7.',
      stopWhen: stepCountIs(steps + 1),
      prepareStep: helper(events),
    });
    expect(result.text).toBe('Investigation done.');
    expect(result.steps).toHaveLength(steps + 1);
    const compactions = events.filter((event) => event.type === 'context-compacted');
    expect(compactions.length).toBeGreaterThan(0);
    for (const event of compactions) expect(event).toMatchObject({ reason: 'threshold' });
    checkPrompts(model.doGenerateCalls);
  });

  it('carries its state across the steps of streamText', async () => {
    const events: KiokuEvent[] = [];
    const model = agentModel();
    const result = streamText({
      model,
      tools,
      prompt: 'Investigate the beacon from 10.0.0.7.',
      stopWhen: stepCountIs(steps + 1),
      prepareStep: helper(events),
    });
    expect(await result.text).toBe('Investigation done.');
    expect(events.some((event) => event.type === 'context-compacted')).toBe(true);
    checkPrompts(model.doStreamCalls);
  });

  it('applies the strategy before every step, with its state carried from step to step', async () => {
    const events: KiokuEvent[] = [];
    const model = agentModel();
    await generateText({
      model,
      tools,
      prompt: 'Investigate the beacon from 10.0.0.7.',
      stopWhen: stepCountIs(steps + 1),
      prepareStep: helper(events, observationMasking({ keep: 3 })),
    });
    // Masked from the first step with more than 3 outputs on, so the trigger never has to fire.
    expect(events.filter((event) => event.type === 'context-compacted')).toEqual([]);
    expect(JSON.stringify(model.doGenerateCalls[4]?.prompt)).toContain(maskMark);
    checkPrompts(model.doGenerateCalls, maskMark);
  });

  it('works as a ToolLoopAgent’s prepareStep', async () => {
    const events: KiokuEvent[] = [];
    const model = agentModel();
    const agent = new ToolLoopAgent({
      model,
      tools,
      stopWhen: stepCountIs(steps + 1),
      prepareStep: helper(events),
    });
    const result = await agent.generate({ prompt: 'Investigate the beacon from 10.0.0.7.' });
    expect(result.text).toBe('Investigation done.');
    checkPrompts(model.doGenerateCalls);
  });

  it('leaves a conversation that fits alone', async () => {
    const events: KiokuEvent[] = [];
    const prepareStep = helper(events);
    const messages: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    const model = scriptedModel({ replies: [{ text: 'hello' }] });
    const usage = {
      inputTokens: 10,
      inputTokenDetails: { noCacheTokens: 10, cacheReadTokens: undefined, cacheWriteTokens: undefined },
      outputTokens: 1,
      outputTokenDetails: { textTokens: 1, reasoningTokens: undefined },
      totalTokens: 11,
    };
    expect((await prepareStep({ steps: [], model, messages }))?.messages).toBeUndefined();
    expect((await prepareStep({ steps: [{ usage }], model, messages }))?.messages).toBeUndefined();
    expect(events.map((event) => event.type)).toEqual(['prompt-prepared', 'prompt-prepared']);
  });
});
