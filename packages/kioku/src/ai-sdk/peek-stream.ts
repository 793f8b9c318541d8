import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** Parts a stream opens with before the model says anything. */
const preamble = new Set(['stream-start', 'response-metadata', 'raw']);

/**
 * Reads `stream` up to its first part past the preamble. When that part is an error `isFatal` accepts
 * (an overflow reported inside the stream, before any output), cancels the stream and throws the error;
 * otherwise returns a stream that replays what was read and then the rest.
 */
export async function peekStream(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  isFatal: (error: unknown) => boolean,
): Promise<ReadableStream<LanguageModelV4StreamPart>> {
  const reader = stream.getReader();
  const buffered: LanguageModelV4StreamPart[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered.push(value);
    if (preamble.has(value.type)) continue;
    if (value.type === 'error' && isFatal(value.error)) {
      await reader.cancel().catch(() => {});
      throw value.error;
    }
    break;
  }
  return new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      for (const part of buffered) controller.enqueue(part);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** `stream`, calling `onInputTokens` with the input tokens its `finish` part reports. */
export function watchUsage(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  onInputTokens: (tokens: number | undefined) => void,
): ReadableStream<LanguageModelV4StreamPart> {
  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
      transform(part, controller) {
        if (part.type === 'finish') onInputTokens(part.usage.inputTokens.total);
        controller.enqueue(part);
      },
    }),
  );
}
