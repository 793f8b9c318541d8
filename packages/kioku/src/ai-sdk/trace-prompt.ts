import type { PreparedPrompt } from './create-compactor.js';
import { promptFigures } from './prompt-figures.js';

type Attributes = Record<string, string | number | boolean>;

/** What kioku uses of an OpenTelemetry span (`@opentelemetry/api`, an optional peer). */
interface SpanLike {
  /** False for the API's no-op span (no tracer provider registered): nothing it is given is kept. */
  isRecording?(): boolean;
  setAttributes(attributes: Attributes): unknown;
  recordException(exception: unknown): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

interface TracerLike {
  startSpan(name: string, options: { attributes: Attributes }): SpanLike;
}

let tracer: Promise<TracerLike | undefined> | undefined;

/** kioku's tracer, from `@opentelemetry/api` when it is installed (a no-op one until a provider is registered). */
function kiokuTracer(): Promise<TracerLike | undefined> {
  tracer ??= import('@opentelemetry/api').then(
    (api) => api.trace.getTracer('kioku') as TracerLike,
    () => undefined,
  );
  return tracer;
}

/** The call a prompt is prepared for, named on its span. */
export interface TracedCall {
  /** `prepare` before a call, `recover` after the provider rejected the prompt as too long. */
  operation: 'prepare' | 'recover';
  modelId: string;
  provider: string;
  conversationId: string;
  /** The window worked within once the prompt is ready. */
  contextWindow: () => number;
  /** Default true; false records nothing. */
  enabled?: boolean | undefined;
}

/**
 * Runs `work` (a prompt's preparation) inside an OpenTelemetry span when `@opentelemetry/api` is installed
 * and a tracer provider is registered (as the AI SDK's `@ai-sdk/otel` integration needs one): the span
 * `kioku.<operation> <modelId>`, a child of the active span, with the GenAI
 * semantic conventions' `gen_ai.operation.name`, `gen_ai.request.model`, `gen_ai.provider.name` and
 * `gen_ai.conversation.id`, and kioku's own `kioku.*` attributes: tokens and messages sent, the window,
 * outputs masked, inputs cleared, summaries written, cache breakpoints, whether it compacted.
 */
export async function tracePrompt(
  call: TracedCall,
  work: () => Promise<PreparedPrompt>,
): Promise<PreparedPrompt> {
  const found = call.enabled === false ? undefined : await kiokuTracer();
  if (found === undefined) return work();
  const span = found.startSpan(`kioku.${call.operation} ${call.modelId}`, {
    attributes: {
      'gen_ai.operation.name': `kioku.${call.operation}`,
      'gen_ai.request.model': call.modelId,
      'gen_ai.provider.name': call.provider,
      'gen_ai.conversation.id': call.conversationId,
    },
  });
  try {
    const prepared = await work();
    // Counting what the prompt holds walks it: not for a span that keeps nothing.
    if (span.isRecording?.() === false) return prepared;
    const figures = promptFigures(prepared);
    span.setAttributes({
      'kioku.prompt.tokens': prepared.estimatedTokens,
      'kioku.prompt.messages': prepared.messages.length,
      'kioku.context_window': call.contextWindow(),
      'kioku.outputs_masked': figures.outputsMasked,
      'kioku.inputs_cleared': figures.inputsCleared,
      'kioku.summaries': figures.summaries,
      'kioku.breakpoints': figures.breakpoints,
      'kioku.compacted': prepared.compaction !== undefined,
    });
    return prepared;
  } catch (error) {
    span.recordException(error);
    span.setStatus({ code: 2, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
