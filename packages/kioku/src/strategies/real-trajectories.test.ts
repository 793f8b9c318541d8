import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../messages/validate-history.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { createBytesCounter } from '../tokens/bytes-counter.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { Transcript } from '../transcripts/transcript.js';
import { adaptive } from './adaptive/index.js';
import { contextEditing } from './context-editing/index.js';
import { pinnedIndexes } from './internal/pinned-indexes.js';
import { observationMasking } from './observation-masking/index.js';
import { pipeline } from './pipeline/index.js';
import type { Strategy } from './strategy.js';
import { toolInputClearing } from './tool-input-clearing/index.js';
import { truncation } from './truncation/index.js';
import { unmanaged } from './unmanaged/index.js';

const counter = createBytesCounter();
const budget = { contextWindow: 16_000, reservedOutputTokens: 2000 };

const strategies: (() => Strategy)[] = [
  unmanaged,
  () => observationMasking(),
  () => observationMasking({ keep: 3, batchSize: 8, minTokens: 16 }),
  () => toolInputClearing({ keep: 2, minTokens: 64 }),
  () => contextEditing({ trigger: { inputTokens: 8000 }, clearToolInputs: true }),
  () => truncation({ maxTokens: 8000 }),
  () => adaptive(),
  () => pipeline(toolInputClearing(), observationMasking(), truncation()),
];

/**
 * Replays a recorded run call by call (each recorded prompt, or a call before each assistant message)
 * through every strategy, with the state carried, and returns how many prompts were managed. Every
 * output must be valid and keep the pinned messages, and the total prompt must not grow.
 */
async function replay(run: Transcript): Promise<number> {
  const lengths =
    run.calls.length > 0
      ? run.calls.map((call) => call.messageCount)
      : run.messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
  const running = strategies.map((make) => {
    const strategy = make();
    return { strategy, state: strategy.initialState() };
  });
  const tools = run.tools === undefined ? {} : { tools: run.tools };
  let managed = 0;
  for (const length of lengths) {
    const messages = run.messages.slice(0, length);
    if (validateHistory(messages).length > 0) continue;
    const pinned = [...pinnedIndexes(messages)].map((index) => messages[index] as ModelMessage);
    const tokens = counter.countPrompt({ messages });
    for (const entry of running) {
      const result = await entry.strategy.apply({ messages, ...tools, counter, budget, state: entry.state });
      const kept = new Set(result.messages);
      const problems = [
        ...validateHistory(result.messages).map((violation) => violation.message),
        ...pinned.flatMap((message) => (kept.has(message) ? [] : ['a pinned message was dropped'])),
        ...(counter.countPrompt({ messages: result.messages }) > tokens ? ['the prompt grew'] : []),
      ];
      // One expect per failure only: this loop manages some 50,000 prompts.
      if (problems.length > 0)
        expect(problems, `${entry.strategy.name} on ${run.file} at ${length}`).toEqual([]);
      entry.state = result.state;
      managed += 1;
    }
  }
  return managed;
}

describe('strategies on the sample runs', () => {
  it('keep every prompt of the shipped samples valid', async () => {
    const samples = fileURLToPath(new URL('../../../../samples/', import.meta.url));
    const files = ['pydicom__pydicom-901.traj.json', 'openhands/django__django-11099.json'];
    let managed = 0;
    for (const name of files) {
      const file = `${samples}${name}`;
      for (const run of importTranscript(readFileSync(file), { file })) managed += await replay(run);
    }
    expect(managed).toBeGreaterThan(8 * 60);
  });
});

describeWithTrajectories('strategies on the recorded trajectories', () => {
  it('keep every prompt of every recorded run valid', async () => {
    const { transcripts, errors } = await loadTranscripts([trajectoriesDir]);
    expect(errors).toEqual([]);
    // tau2's solo-agent runs do not record their prompt: read for their actions, with the reason, and
    // left out here since there is no prompt to manage.
    const withoutPrompt = new Set(
      transcripts.flatMap((run) => (run.promptMissing === undefined ? [] : [basename(run.file)])),
    );
    expect([...withoutPrompt].sort()).toEqual([
      'ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_telecom_no-user_gpt-4.1_1trials.json',
      'gpt-4.1_telecom_no-user_gpt-4.1_1trials.json',
    ]);
    let managed = 0;
    for (const run of transcripts) if (run.promptMissing === undefined) managed += await replay(run);
    expect(managed).toBeGreaterThan(8 * 1000);
  });
});
