import { addCatalogModel } from './catalog.js';
import { parseModelOverrides } from './load-model-overrides.js';
import type { ModelOverride } from './model-overrides.js';
import { splitCatalogId } from './split-catalog-id.js';

/** What {@link registerModel} takes: the fields of a model override, the context window required. */
export interface RegisteredModel extends ModelOverride {
  contextWindow: number;
}

/**
 * Adds a model to the catalog for the rest of the process, or replaces a listed model's figures field
 * by field: the runtime form of a model override file, for a fine-tune, a local server (Ollama, vLLM)
 * or a model newer than the catalog. `modelId` may carry its provider (`ollama:my-model`, a router's
 * `vllm/qwen-32b`; before a colon only a known provider counts, as `parseModelSpec` reads it, so the
 * Ollama tag `llama3.1:8b` is one id); else `provider` names it (default `custom`, which has no cache
 * rules) and `modelId` is kept whole. Prices are
 * USD per million tokens; invalid figures throw `ModelOverridesError`. Without prices `getModelInfo` asks for them, but the window is known at once.
 *
 * @example
 * registerModel('vllm/qwen2.5-32b-instruct', { contextWindow: 32_768, maxOutputTokens: 8_192,
 *   pricePerMillionTokens: { input: 0, output: 0 } });
 * getModelInfo('vllm:qwen2.5-32b-instruct').contextWindow; // 32768
 */
export function registerModel(modelId: string, model: RegisteredModel): void {
  const split = splitCatalogId(modelId.trim());
  const provider = model.provider ?? split?.prefix ?? 'custom';
  const id = (model.provider === undefined ? split?.modelId : undefined) ?? modelId.trim();
  // The same checks and messages as an override file; `contextWindow` is typed as required.
  parseModelOverrides(JSON.stringify({ models: { [modelId]: model } }), { file: 'registerModel()' });
  const price = model.pricePerMillionTokens ?? {};
  const cost = Object.fromEntries(
    Object.entries({
      input: price.input,
      output: price.output,
      cache_read: price.cacheRead,
      cache_write: price.cacheWrite,
      cache_write_long: price.cacheWriteLong,
    }).filter(([, value]) => value !== undefined),
  );
  addCatalogModel(provider, {
    id: id.toLowerCase(),
    cost,
    limit: {
      context: model.contextWindow,
      ...(model.maxOutputTokens === undefined ? {} : { output: model.maxOutputTokens }),
    },
  });
}
