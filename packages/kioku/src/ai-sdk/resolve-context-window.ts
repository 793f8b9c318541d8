import { UnknownContextWindowError } from '../errors/unknown-context-window-error.js';
import { findCatalogModel } from '../pricing/find-catalog-model.js';
import { getModelInfo } from '../pricing/get-model-info.js';
import { parseModelSpec } from '../pricing/parse-model-spec.js';

/**
 * A model's context window from the model catalog, by its id with the provider's name in front when
 * given (`anthropic:claude-sonnet-4-5`), else by the id alone. Throws `UnknownContextWindowError` with
 * `hint` (how to give it) when the catalog does not know it.
 */
export function resolveContextWindow({
  modelId,
  provider,
  hint,
}: {
  modelId: string;
  /** The provider's name (`anthropic`), or an AI SDK provider id (`anthropic.messages`). */
  provider?: string | undefined;
  hint: string;
}): number {
  const prefix = provider?.split('.')[0];
  const carriesProvider = prefix === undefined || parseModelSpec(modelId).provider !== undefined;
  const ids = carriesProvider ? [modelId] : [`${prefix}:${modelId}`, modelId];
  let failure: unknown;
  for (const id of ids) {
    try {
      return getModelInfo(id).contextWindow;
    } catch (error) {
      failure ??= error;
      // The catalog may know the window of a model whose prices it lacks.
      const window = findCatalogModel(id)?.model.limit?.context;
      if (window !== undefined) return window;
    }
  }
  throw new UnknownContextWindowError({ modelId, hint, cause: failure });
}
