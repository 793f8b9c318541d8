/** Windows learned from providers' overflow errors in this process, by `provider:modelId`. */
const learned = new Map<string, number>();

const keyOf = ({ modelId, provider }: { modelId: string; provider?: string | undefined }) =>
  `${provider?.split('.')[0] ?? ''}:${modelId}`;

/**
 * Records the limit a provider's overflow error stated for a model, so conversations started later in
 * this process work within it (the smallest stated limit wins).
 */
export function learnContextWindow(
  model: { modelId: string; provider?: string | undefined },
  contextWindow: number,
): void {
  const key = keyOf(model);
  learned.set(key, Math.min(contextWindow, learned.get(key) ?? Number.POSITIVE_INFINITY));
}

/** The window learned for a model in this process, when an overflow error stated one. */
export function learnedContextWindow(model: {
  modelId: string;
  provider?: string | undefined;
}): number | undefined {
  return learned.get(keyOf(model));
}
