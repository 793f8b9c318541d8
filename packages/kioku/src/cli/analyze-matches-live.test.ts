import { fileURLToPath } from 'node:url';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  type ToolResultPart,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { kiokuMiddleware } from '../ai-sdk/kioku-middleware.js';
import { type KiokuPrepareStep, kiokuPrepareStep } from '../ai-sdk/kioku-prepare-step.js';
import { fromLanguageModelPrompt } from '../ai-sdk/language-model-prompt.js';
import { replayCalls } from '../replay/replay-calls.js';
import { runCli } from '../test/run-cli.js';
import { type ScriptedReply, scriptedModel } from '../test/scripted-model.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { Transcript } from '../transcripts/transcript.js';

// The OpenHands run shipped in samples/: Claude with tool calls, 17 recorded calls (16 tool-loop steps,
// then a user turn and one more call), with its usage log.
const sample = fileURLToPath(new URL('../../../../samples/openhands', import.meta.url));

interface Sent {
  calls: number;
  inputTokens: number;
}

/** What `kioku analyze --json` says the unmanaged history and kioku's default send on the sample. */
function analyzed(): Record<'unmanaged' | 'kioku-default', Sent> {
  const run = runCli([
    'analyze',
    sample,
    '--strategies',
    'kioku-default',
    '--breakpoints',
    'frontier',
    '--json',
  ]);
  expect(run.status, run.stderr).toBe(0);
  const rows = (JSON.parse(run.stdout) as { strategies: Array<{ name: string } & Sent> }).strategies;
  const row = (name: string): Sent => {
    const found = rows.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no ${name} row in ${run.stdout.slice(0, 200)}`);
    return { calls: found.calls, inputTokens: found.inputTokens };
  };
  return { unmanaged: row('unmanaged'), 'kioku-default': row('kioku-default') };
}

/** The recorded run as the agent's tools: each call answered by the output it recorded. */
function recordedTools(transcript: Transcript): ToolSet {
  const outputs = new Map<string, ToolResultPart['output']>();
  for (const message of transcript.messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') outputs.set(part.toolCallId, part.output);
    }
  }
  return Object.fromEntries(
    (transcript.tools ?? []).map((definition) => [
      definition.name,
      // biome-ignore lint/complexity/noBannedTypes: the AI SDK's empty tool context
      tool<Record<string, unknown>, string, {}>({
        ...(definition.description === undefined ? {} : { description: definition.description }),
        inputSchema: jsonSchema<Record<string, unknown>>(
          definition.inputSchema as Parameters<typeof jsonSchema>[0],
        ),
        execute: async (_input, { toolCallId }) => toolCallId,
        // The recorded output part itself, so the history the loop builds is the recorded one.
        toModelOutput: ({ output }) => outputs.get(output) as ToolResultPart['output'],
      }),
    ]),
  );
}

/** The recorded assistant message as a scripted model's reply: its text, then its tool calls. */
function reply(message: ModelMessage | undefined): ScriptedReply {
  if (message?.role !== 'assistant') throw new Error('the recorded call is not answered by an assistant');
  if (typeof message.content === 'string') return { text: message.content };
  const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  if (texts.length > 1 || message.content.some((part) => part.type === 'reasoning')) {
    throw new Error('a recorded reply with several text or reasoning parts: not scripted here');
  }
  const toolCalls = message.content.flatMap((part) =>
    part.type === 'tool-call'
      ? [{ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }]
      : [],
  );
  const [text] = texts;
  if (toolCalls.length === 0) return { text: text ?? '' };
  return text === undefined ? { toolCalls } : { text, toolCalls };
}

/**
 * Runs the recorded agent live: `generateText` tool loops whose model answers each step with the recorded
 * reply and whose tools return the recorded outputs; a recorded user turn starts the next `generateText`
 * with the history so far. Returns the calls the provider received and their tokens.
 */
async function runLive(
  transcript: Transcript,
  wrap: (model: MockLanguageModelV4) => LanguageModel,
  prepareStep?: KiokuPrepareStep,
): Promise<Sent> {
  const modelId = transcript.model ?? '';
  const counter = counterForModel(modelId);
  const tokensOf = (options: LanguageModelV4CallOptions) =>
    counter.countPrompt({ messages: fromLanguageModelPrompt(options.prompt), tools: transcript.tools ?? [] });
  const calls = replayCalls(transcript);
  const inner = scriptedModel({
    replies: calls.map((call) => reply(transcript.messages[call.messageCount])),
    provider: 'anthropic.messages',
    modelId,
    inputTokens: tokensOf,
  });
  const step = () => inner.doGenerateCalls.length;
  const model = wrap(inner);
  const tools = recordedTools(transcript);
  const [system, ...rest] = transcript.messages;
  if (system?.role !== 'system' || typeof system.content !== 'string') throw new Error('no system prompt');
  while (step() < calls.length) {
    const messages = rest.slice(0, (calls[step()]?.messageCount ?? 0) - 1);
    await generateText({
      model,
      instructions: system.content,
      messages,
      tools,
      stopWhen: () => step() >= calls.length,
      maxRetries: 0,
      ...(prepareStep === undefined ? {} : { prepareStep }),
    });
  }
  return {
    calls: inner.doGenerateCalls.length,
    inputTokens: inner.doGenerateCalls.reduce((sum, options) => sum + tokensOf(options), 0),
  };
}

describe('kioku analyze and the one-line integrations', () => {
  it('a live agent loop over a recorded run sends what `kioku analyze` says kioku’s default sends, with kiokuMiddleware() and with kiokuPrepareStep()', async () => {
    const { transcripts } = await loadTranscripts([sample]);
    const transcript = transcripts[0];
    if (transcript === undefined) throw new Error('the sample did not load');
    const { unmanaged, 'kioku-default': expected } = analyzed();
    expect(expected.calls).toBe(replayCalls(transcript).length);
    // The live loop rebuilds the recorded history: without kioku it sends what the replay's baseline does.
    expect(await runLive(transcript, (model) => model)).toEqual(unmanaged);
    // The default does change what is sent on this run, so the comparisons below can fail.
    expect(expected.inputTokens).toBeLessThan(0.9 * unmanaged.inputTokens);

    const middleware = await runLive(transcript, (model) =>
      wrapLanguageModel({ model, middleware: kiokuMiddleware() }),
    );
    expect(middleware).toEqual(expected);

    const prepared = await runLive(transcript, (model) => model, kiokuPrepareStep());
    expect(prepared).toEqual(expected);
  });
});
