import { isCatalogProvider } from './catalog.js';

/** A model id with the provider it names, when it names one. */
export interface ModelSpec {
  /** The provider before the first colon, as written; absent when the id names none. */
  provider?: string;
  /** The model id: after the provider's colon, else the whole id (`llama3.1:8b`). */
  modelId: string;
}

/** Options of {@link parseModelSpec}. */
export interface ParseModelSpecOptions {
  /** More provider names to recognise (e.g. those of `defaultModelProviders()`); default none. */
  providers?: readonly string[];
}

/**
 * The one rule for `provider:model`: what comes before the first colon is a provider only when it is a
 * known one (any case): a provider of the model catalog, one `registerModel` added, a router's alias of
 * one (`ollama_chat`), or one of `providers`. Otherwise the whole string is the model id, so an Ollama
 * tag (`llama3.1:8b`) stays whole and `ollama:llama3.1:8b` names the provider. A tag whose name is also a
 * provider's (`mistral:7b`) reads as that provider's model: write `ollama:mistral:7b` for Ollama's.
 *
 * @example
 * parseModelSpec('ollama:qwen2.5:7b'); // { provider: 'ollama', modelId: 'qwen2.5:7b' }
 * parseModelSpec('llama3.1:8b'); // { modelId: 'llama3.1:8b' }
 */
export function parseModelSpec(spec: string, { providers = [] }: ParseModelSpecOptions = {}): ModelSpec {
  const at = spec.indexOf(':');
  if (at <= 0 || at === spec.length - 1) return { modelId: spec };
  const provider = spec.slice(0, at);
  const lower = provider.toLowerCase();
  const known = providers.some((name) => name.toLowerCase() === lower) || isCatalogProvider(lower);
  return known ? { provider, modelId: spec.slice(at + 1) } : { modelId: spec };
}
