import { findCatalogModel } from './find-catalog-model.js';

/**
 * A model's context window from the catalog (with `catalog-additions.json` and `registerModel`), or
 * `undefined` when it is not listed: never throws, for callers with a fallback of their own. `provider`
 * is a provider name (`anthropic`) or an AI SDK provider id (`anthropic.messages`), tried first as
 * `provider:modelId`.
 *
 * @example
 * findContextWindow('claude-sonnet-4-5', { provider: 'anthropic.messages' }); // 200000
 */
export function findContextWindow(
  modelId: string,
  { provider }: { provider?: string | undefined } = {},
): number | undefined {
  const prefix = provider?.split('.')[0];
  const ids = prefix === undefined ? [modelId] : [`${prefix}:${modelId}`, modelId];
  for (const id of ids) {
    const window = findCatalogModel(id)?.model.limit?.context;
    if (window !== undefined) return window;
  }
  return undefined;
}
