import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** One scripted answer of {@link scriptedModel}. */
export type ScriptedReply =
  | { text: string }
  /** Tool calls, after the text when there is one (as an agent says what it does, then calls). */
  | { text?: string; toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }> }
  /** `doGenerate`/`doStream` throws this (an `APICallError` with a provider's body, say). */
  | { throws: unknown }
  /** The stream opens, then reports this error before any output (generate throws it). */
  | { streamError: unknown };

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  /** Answers in call order; the last one repeats. */
  replies: readonly ScriptedReply[];
  /** The AI SDK provider id, e.g. `anthropic.messages`; default `mock.chat`. */
  provider?: string;
  modelId?: string;
  /** The input tokens to report for a prompt; default a quarter of its JSON length. */
  inputTokens?: (options: LanguageModelV4CallOptions) => number;
}

/** The prompt's size as the scripted model bills it by default: a quarter of its JSON length. */
export const quarterOfJSON = (options: LanguageModelV4CallOptions): number =>
  Math.ceil(JSON.stringify(options.prompt).length / 4);

/**
 * A `MockLanguageModelV4` that answers from a script, through `doGenerate` and `doStream` alike, and
 * reports input tokens that grow with the prompt, so proactive triggers see realistic usage. Its
 * `doGenerateCalls`/`doStreamCalls` hold every prompt it was sent.
 *
 * @example
 * const model = scriptedModel({ replies: [{ throws: overflowError }, { text: 'done' }] });
 */
export function scriptedModel({
  replies,
  provider = 'mock.chat',
  modelId = 'mock-model',
  inputTokens = quarterOfJSON,
}: ScriptedModelOptions): MockLanguageModelV4 {
  let calls = 0;
  const next = (): ScriptedReply => {
    const reply = replies[Math.min(calls, replies.length - 1)];
    calls += 1;
    if (reply === undefined) throw new Error('scriptedModel: no replies');
    return reply;
  };
  const usage = (options: LanguageModelV4CallOptions): LanguageModelV4Usage => {
    const total = inputTokens(options);
    return {
      inputTokens: { total, noCache: total, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 10, text: 10, reasoning: undefined },
    };
  };
  const content = (reply: ScriptedReply): LanguageModelV4Content[] => [
    ...('text' in reply && reply.text !== undefined ? [{ type: 'text' as const, text: reply.text }] : []),
    ...('toolCalls' in reply
      ? reply.toolCalls.map((call) => ({
          type: 'tool-call' as const,
          ...call,
          input: JSON.stringify(call.input),
        }))
      : []),
  ];
  const finishReason = (reply: ScriptedReply) =>
    'toolCalls' in reply
      ? ({ unified: 'tool-calls', raw: 'tool_calls' } as const)
      : ({ unified: 'stop', raw: 'stop' } as const);

  return new MockLanguageModelV4({
    provider,
    modelId,
    doGenerate: async (options): Promise<LanguageModelV4GenerateResult> => {
      const reply = next();
      if ('throws' in reply) throw reply.throws;
      if ('streamError' in reply) throw reply.streamError;
      return {
        content: content(reply),
        finishReason: finishReason(reply),
        usage: usage(options),
        warnings: [],
      };
    },
    doStream: async (options) => {
      const reply = next();
      if ('throws' in reply) throw reply.throws;
      const chunks: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if ('streamError' in reply) {
        chunks.push({ type: 'error', error: reply.streamError });
      } else {
        for (const part of content(reply)) {
          if (part.type === 'text') {
            chunks.push(
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: part.text },
              { type: 'text-end', id: 't' },
            );
          } else if (part.type === 'tool-call') {
            chunks.push(part);
          }
        }
      }
      chunks.push({ type: 'finish', finishReason: finishReason(reply), usage: usage(options) });
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
}
