import { parseModelSpec } from './parse-model-spec.js';

/**
 * A catalog id split into the provider or router in front and the model id: `provider:model` by
 * `parseModelSpec`'s rule (a known provider before the first colon), else `prefix/model` as gateways,
 * routers and proxies write it (any prefix: `openrouter/…`, `litellm_proxy/…`, `vllm/…`). `undefined`
 * when the id has neither (`gpt-4o`, the Ollama tag `llama3.1:8b`).
 */
export function splitCatalogId(id: string): { prefix: string; modelId: string } | undefined {
  const spec = parseModelSpec(id);
  if (spec.provider !== undefined) return { prefix: spec.provider, modelId: spec.modelId };
  const routed = /^([^:/]+)\/(.+)$/.exec(id);
  const [, prefix, modelId] = routed ?? [];
  return prefix === undefined || modelId === undefined ? undefined : { prefix, modelId };
}
