import type { NewAlert } from './alert.js';
import { alertEntities } from './alert-entities.js';
import { alertFingerprint } from './alert-fingerprint.js';
import { alertIocs } from './alert-iocs.js';
import { fallbackSummary } from './fallback-summary.js';
import { InvalidAlertError } from './invalid-alert-error.js';

const schemaName = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Options of {@link prepareAlert}. */
export interface PrepareAlertOptions {
  /** The alert as received, checked by `parseAlertInput` (or an envelope's reader). */
  raw: string;
  /** The parsed alert. */
  value: Record<string, unknown>;
  /** Its source format: lowercase letters, digits, `-`, `_` (e.g. `sentinel`). */
  schema: string;
  /** The embedder that will embed it (its id is stored now, the vector later). */
  embedder: string;
  /** Names the input in errors (default `alert`). */
  input?: string;
}

/**
 * What can be stored of an alert at once, without a model or an embedder: the raw JSON, the deterministic
 * fallback summary, the IOCs, the fingerprint and the entity columns. The webhook stores this and leaves
 * the model's summary and the embedding to background jobs; `ingestAlert` adds both before storing.
 * Throws {@link InvalidAlertError} for a bad schema name.
 */
export function prepareAlert({
  raw,
  value,
  schema,
  embedder,
  input = 'alert',
}: PrepareAlertOptions): NewAlert {
  checkSchemaName(schema, input);
  const summary = fallbackSummary({ schema, value });
  const { iocs, omitted } = alertIocs(value);
  return {
    schema,
    raw,
    title: summary.title,
    description: summary.description,
    attributes: summary.attributes,
    severity: summary.severity,
    iocs,
    iocsOmitted: omitted,
    summarizedBy: 'fallback',
    fingerprint: alertFingerprint({ schema, value }),
    ...alertEntities(value),
    embedder,
  };
}

/** Throws {@link InvalidAlertError} unless `schema` is a schema name. */
export function checkSchemaName(schema: string, input = 'alert'): void {
  if (!schemaName.test(schema)) {
    throw new InvalidAlertError({
      input: `${input} schema`,
      expected: 'a schema name of lowercase letters, digits, - and _ (at most 64, e.g. sentinel)',
      found: JSON.stringify(schema.slice(0, 100)),
    });
  }
}
