import type { ContextOverflow } from './context-overflow.js';
import { defaultOverflowDetectors } from './default-overflow-detectors.js';
import type { OverflowDetector } from './overflow-detector.js';

/** Options of {@link detectContextOverflow}. */
export interface DetectContextOverflowOptions {
  /** The detectors to try; default `defaultOverflowDetectors()`. */
  detectors?: readonly OverflowDetector[];
  /**
   * The AI SDK provider id of the model that failed (`model.provider`, e.g. `anthropic.messages`): the
   * detectors whose `providerIds` it starts with are tried first, so the overflow is named after it.
   */
  providerId?: string;
}

/**
 * The context overflow `error` reports, by the first detector that recognises it, or `undefined` for any
 * other error. Accepts what the AI SDK throws or streams: an `APICallError`, a `RetryError` around one, a
 * stream's error value.
 *
 * @example
 * try {
 *   await generateText({ model, messages });
 * } catch (error) {
 *   const overflow = detectContextOverflow(error, { providerId: model.provider });
 *   if (overflow) console.log(`${overflow.provider}: ${overflow.tokensSent} > ${overflow.tokenLimit}`);
 * }
 */
export function detectContextOverflow(
  error: unknown,
  { detectors = defaultOverflowDetectors(), providerId }: DetectContextOverflowOptions = {},
): ContextOverflow | undefined {
  const preferred =
    providerId === undefined
      ? []
      : detectors.filter((detector) => detector.providerIds.some((id) => providerId.startsWith(id)));
  for (const detector of [...preferred, ...detectors.filter((detector) => !preferred.includes(detector))]) {
    const overflow = detector.detect(error);
    if (overflow !== undefined) return overflow;
  }
  return undefined;
}
