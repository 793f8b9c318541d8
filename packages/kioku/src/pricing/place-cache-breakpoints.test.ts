import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import { placeCacheBreakpoints } from './place-cache-breakpoints.js';

const marked = (messages: readonly ModelMessage[]): number[] =>
  messages.flatMap((message, index) => (message.providerOptions?.anthropic?.cacheControl ? [index] : []));

describe('placeCacheBreakpoints', () => {
  const messages: ModelMessage[] = [
    { role: 'system', content: 'sys' },
    {
      role: 'user',
      content: 'task',
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    },
    { role: 'assistant', content: 'a' },
    { role: 'user', content: 'u1' },
    { role: 'assistant', content: 'b' },
    { role: 'user', content: 'u2', providerOptions: { openai: { user: 'x' } } },
    { role: 'assistant', content: 'c' },
    { role: 'user', content: 'u3' },
  ];

  it('marks the system prompt and the last 3 user or tool messages, and removes other markers', () => {
    const result = placeCacheBreakpoints(messages);
    expect(marked(result)).toEqual([0, 3, 5, 7]);
    expect(result[1]).toEqual({ role: 'user', content: 'task' });
    expect(result[5]?.providerOptions).toEqual({
      openai: { user: 'x' },
      anthropic: { cacheControl: { type: 'ephemeral' } },
    });
    expect(result[2]).toBe(messages[2]);
  });

  it('takes the count, the roles and the lifetime as options', () => {
    const result = placeCacheBreakpoints(messages, { system: false, recent: 1, ttl: '1h' });
    expect(marked(result)).toEqual([7]);
    expect(result[7]?.providerOptions?.anthropic?.cacheControl).toEqual({ type: 'ephemeral', ttl: '1h' });
  });

  it('marks anchors first, skips what it is told to and never places more than 4', () => {
    expect(marked(placeCacheBreakpoints(messages, { anchors: [2, 4] }))).toEqual([0, 2, 4, 7]);
    expect(marked(placeCacheBreakpoints(messages, { anchors: [2], skip: new Set([7]) }))).toEqual([
      0, 2, 3, 5,
    ]);
    expect(marked(placeCacheBreakpoints(messages, { recent: 8 }))).toHaveLength(4);
    expect(marked(placeCacheBreakpoints(messages, { anchors: [1, 2, 3, 4, 5] }))).toEqual([1, 2, 3, 4]);
  });

  it('returns the copies it made before when given a memo', () => {
    const memo = { marked: new WeakMap(), unmarked: new WeakMap() };
    const first = placeCacheBreakpoints(messages, { memo });
    const again = placeCacheBreakpoints(messages, { memo });
    expect(again.every((message, index) => message === first[index])).toBe(true);
    expect(first[1]).not.toBe(messages[1]);
  });
});

const openHandsDir = join(
  trajectoriesDir,
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
);

describeWithTrajectories('placeCacheBreakpoints on recorded OpenHands prompts', () => {
  it('puts the markers exactly where OpenHands put them in all 50 last prompts', async () => {
    const files = (await readdir(openHandsDir)).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(50);
    for (const name of files) {
      const file = join(openHandsDir, name);
      const [run] = importTranscript(await readFile(file, 'utf8'), { file });
      const prompt = run?.messages.slice(0, run.calls[0]?.messageCount) ?? [];
      expect(marked(placeCacheBreakpoints(prompt)), name).toEqual(marked(prompt));
    }
  });
});
