import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LanguageModelV4, LanguageModelV4Message } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { quarterCounter } from '../test/quarter-counter.js';
import { agentSystem, agentTask, agentToolOutput } from '../test/scripted-agent.js';
import { scriptedModel } from '../test/scripted-model.js';
import { kiokuMiddleware } from './kioku-middleware.js';
import { fromLanguageModelPrompt } from './language-model-prompt.js';

/**
 * Live loops of 2,000+ steps, driven at the provider interface (the prompt grows by the objects the AI
 * SDK would append, and a scripted model answers), so they run in seconds: every call keeps the newest
 * step's results verbatim and the prompt under the window, and what kioku keeps per conversation stays
 * bounded, step by step and when a long history arrives in one call (a resumed conversation).
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const window = 64_000;
const parallel = 2;

/** 2–8 KB outputs, varying by step. */
const characters = (step: number) => 2_000 + ((step * 2_654_435_761) % 6_000);

/** The provider messages of step `step`: the assistant's parallel calls and their results. */
function stepMessages(step: number): LanguageModelV4Message[] {
  const calls = Array.from({ length: parallel }, (_, k) => ({ id: `call_${step}_${k}`, k }));
  return [
    {
      role: 'assistant',
      content: calls.map(({ id, k }) => ({
        type: 'tool-call' as const,
        toolCallId: id,
        toolName: 'lookup',
        input: { step, k },
      })),
    },
    {
      role: 'tool',
      content: calls.map(({ id, k }) => ({
        type: 'tool-result' as const,
        toolCallId: id,
        toolName: 'lookup',
        output: { type: 'text' as const, value: agentToolOutput(step, k, characters(step)) },
      })),
    },
  ];
}

const start = (): LanguageModelV4Message[] => [
  { role: 'system', content: agentSystem },
  { role: 'user', content: [{ type: 'text', text: agentTask }] },
];

function wrapped() {
  const inner = scriptedModel({ replies: [{ text: 'Summary of the steps so far.' }] });
  const model = wrapLanguageModel({
    model: inner,
    middleware: kiokuMiddleware({ counter: quarterCounter(), contextWindow: window }),
  }) as LanguageModelV4;
  return { inner, model };
}

/** What a sent prompt must hold: the system prompt, the task, the newest step verbatim, under the window. */
function checkSent(prompt: LanguageModelV4Message[], newest: number): void {
  // The system prompt as given (the default may add a cache breakpoint to it).
  expect(prompt[0]).toMatchObject({ role: 'system', content: agentSystem });
  expect(JSON.stringify(prompt)).toContain(agentTask);
  const tool = prompt.at(-1);
  expect(tool?.role).toBe('tool');
  expect(tool?.content).toEqual(stepMessages(newest)[1]?.content);
  expect(quarterCounter().countPrompt({ messages: fromLanguageModelPrompt(prompt) })).toBeLessThanOrEqual(
    window,
  );
}

function heapUsed(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

/** Heap kioku holds per conversation above the caller's history, at 2,000 steps of 2–8 KB outputs (issue 23's target). */
const heapBound = 20 * 1024 * 1024;

/**
 * One short conversation first, so that what a process loads once (the AI SDK's prompt converter, which
 * kioku imports on first use, compiled code) is not counted as a conversation's heap.
 */
async function warmUp(): Promise<void> {
  const { model } = wrapped();
  const prompt = start();
  for (let step = 0; step < 40; step += 1) {
    prompt.push(...stepMessages(step));
    await model.doGenerate({ prompt: prompt.slice() });
  }
}

describe('live agents: 2,000+ steps', () => {
  beforeAll(warmUp);

  it('step by step: every call keeps the newest step, under the window, with a bounded heap', async () => {
    const { inner, model } = wrapped();
    const prompt = start();
    const before = heapUsed();
    for (let step = 0; step < 2_000; step += 1) {
      prompt.push(...stepMessages(step));
      await model.doGenerate({ prompt: prompt.slice() });
      if (step % 250 === 249) checkSent(inner.doGenerateCalls.at(-1)?.prompt ?? [], step);
      // Keep only the latest calls: the mock records every prompt.
      inner.doGenerateCalls.splice(0, inner.doGenerateCalls.length - 1);
    }
    const history = JSON.stringify(prompt).length;
    const held = heapUsed() - before - history;
    expect(held, `${(held / 2 ** 20).toFixed(1)} MB above the history`).toBeLessThanOrEqual(heapBound);
  });

  it('resumed in one call: 2,000 steps at once keep the newest step, with a bounded heap', async () => {
    const { inner, model } = wrapped();
    const prompt = start();
    for (let step = 0; step < 2_000; step += 1) prompt.push(...stepMessages(step));
    const before = heapUsed();
    await model.doGenerate({ prompt });
    checkSent(inner.doGenerateCalls.at(-1)?.prompt ?? [], 1_999);
    const held = heapUsed() - before;
    expect(held, `${(held / 2 ** 20).toFixed(1)} MB`).toBeLessThanOrEqual(heapBound);
  });
});
