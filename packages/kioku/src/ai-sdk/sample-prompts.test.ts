import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { replayCalls } from '../replay/replay-calls.js';
import { replayTranscript } from '../replay/replay-transcript.js';
import { resolvePricing } from '../replay/resolve-pricing.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import type { Strategy } from '../strategies/strategy.js';
import { scriptedModel } from '../test/scripted-model.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { Transcript } from '../transcripts/transcript.js';
import { kiokuMiddleware } from './kioku-middleware.js';
import { fromLanguageModelPrompt } from './language-model-prompt.js';

/**
 * Every prompt kioku sends on the shipped runs (samples/), hashed: what the model receives through the
 * middleware in a live loop (the default, with each run's model and provider) and what a replay of
 * `kiokuDefault()` sends, call by call. A change that makes kioku faster or smaller must leave them byte
 * for byte the same; one meant to change what is sent (a new default, new counts) writes them again with
 * `KIOKU_WRITE_PROMPT_HASHES=1` and says so in its commit.
 */
const fixture = new URL('./__fixtures__/sample-prompt-hashes.json', import.meta.url);
/** Each run with its own model, and with another whose provider caches differently. */
const runs: Array<[sample: string, model: string | undefined]> = [
  ['pydicom__pydicom-901.traj.json', undefined],
  ['pydicom__pydicom-901.traj.json', 'claude-3-5-sonnet-20241022'],
  ['openhands/django__django-11099.json', undefined],
  ['soc-investigation.json', undefined],
  ['soc-investigation.json', 'gpt-4o'],
];
const providers: Record<string, string> = {
  claude: 'anthropic.messages',
  deepseek: 'deepseek.chat',
  gpt: 'openai.chat',
};

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

async function load(sample: string): Promise<Transcript> {
  const path = fileURLToPath(new URL(`../../../../samples/${sample}`, import.meta.url));
  const [transcript] = (await loadTranscripts([path])).transcripts;
  if (transcript === undefined) throw new Error(`${sample} did not load`);
  return transcript;
}

/** The prompts a live loop through the default middleware sends at each of the run's calls. */
async function livePrompts(transcript: Transcript, model: string | undefined): Promise<string[]> {
  const modelId = model ?? transcript.model ?? 'deepseek-chat';
  const provider =
    Object.entries(providers).find(([family]) => modelId.includes(family))?.[1] ?? 'openai.chat';
  const counter = counterForModel(modelId);
  const inner = scriptedModel({
    replies: [{ text: 'ok' }],
    provider,
    modelId,
    inputTokens: (options) => counter.countPrompt({ messages: fromLanguageModelPrompt(options.prompt) }),
  });
  const wrapped = wrapLanguageModel({ model: inner, middleware: kiokuMiddleware({ counter }) });
  const [system, ...rest] = transcript.messages;
  if (system?.role !== 'system' || typeof system.content !== 'string') throw new Error('no system prompt');
  for (const call of replayCalls(transcript)) {
    await generateText({
      model: wrapped,
      instructions: system.content,
      messages: rest.slice(0, call.messageCount - 1),
      maxRetries: 0,
    });
  }
  return inner.doGenerateCalls.map((options) => hash(options.prompt));
}

/** The managed prompts a replay of the default sends at each call, and what the replay measured of them. */
async function replayedPrompts(transcript: Transcript, model: string | undefined): Promise<string[]> {
  const modelId = model ?? transcript.model ?? 'deepseek-chat';
  const strategy = kiokuDefault();
  const sent: string[] = [];
  const recording: Strategy = {
    ...strategy,
    async apply(input) {
      const output = await strategy.apply(input);
      sent.push(hash(output.messages));
      return output;
    },
  };
  const replay = await replayTranscript({
    transcript,
    strategy: recording,
    counter: counterForModel(modelId),
    pricing: resolvePricing({ modelId }),
  });
  return replay.calls.map((call, index) => `${sent[index]}:${call.inputTokens}:${call.costCached}`);
}

describe('the prompts kioku sends on the shipped runs', () => {
  it('are the ones recorded, byte for byte (hashes), live and replayed', { timeout: 600_000 }, async () => {
    const found: Record<string, { live: string[]; replayed: string[] }> = {};
    for (const [sample, model] of runs) {
      const transcript = await load(sample);
      found[`${sample} ${model ?? transcript.model}`] = {
        live: await livePrompts(transcript, model),
        replayed: await replayedPrompts(transcript, model),
      };
    }
    if (process.env.KIOKU_WRITE_PROMPT_HASHES === '1') {
      writeFileSync(fixture, `${JSON.stringify(found, null, 2)}\n`);
    }
    const recorded = JSON.parse(readFileSync(fixture, 'utf8')) as typeof found;
    expect(Object.keys(found)).toEqual(Object.keys(recorded));
    for (const [run, prompts] of Object.entries(found)) {
      expect(prompts.live, `${run}, live`).toEqual(recorded[run]?.live);
      expect(prompts.replayed, `${run}, replayed`).toEqual(recorded[run]?.replayed);
    }
  });
});
