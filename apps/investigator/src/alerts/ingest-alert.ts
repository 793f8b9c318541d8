import type { LanguageModel } from 'ai';
import type { Embedder } from 'kioku/store';
import type { NewAlert } from './alert.js';
import { alertEmbeddingText } from './alert-embedding-text.js';
import { parseAlertInput } from './parse-alert-input.js';
import { checkSchemaName, prepareAlert } from './prepare-alert.js';
import { summarizeAlert } from './summarize-alert.js';

/** Options of {@link ingestAlert}. */
export interface IngestAlertOptions {
  /** The alert as received: bytes (kept byte for byte) or text. */
  raw: Uint8Array | string;
  /** Its source format: lowercase letters, digits, `-`, `_` (e.g. `sentinel`). */
  schema: string;
  /** Writes title, description, severity and attributes; without it, the deterministic fallback does. */
  model?: LanguageModel | undefined;
  /** Embeds the alert for `similar` (kioku's `createHashingEmbedder()` works offline). */
  embedder: Embedder;
  /** Names the input in errors (default `alert`). */
  input?: string;
  /** Largest accepted alert in bytes (default 1 MiB). */
  maxBytes?: number;
  /** Model attempts before the fallback (default 3). */
  attempts?: number;
  abortSignal?: AbortSignal;
}

/**
 * Turns a received alert into what the store keeps, summarized and embedded before it is stored (the CLI's
 * `new`; the webhook stores {@link prepareAlert}'s part first and summarizes in the background): the raw
 * JSON unchanged, the model's summary (or the fallback's), the IOCs found deterministically by kioku's
 * extractor, the fingerprint, the entity columns, and an embedding of title, description and attributes.
 * Throws {@link InvalidAlertError} for input that is not one JSON object or a bad schema name. Returns
 * `failures` from the model's attempts, so callers can say the fallback was used.
 *
 * @example
 * const alert = await ingestAlert({ raw: readFileSync('alert.json'), schema: 'sentinel', embedder: createHashingEmbedder() });
 * await createAlertStore(store).create(alert);
 */
export async function ingestAlert({
  raw,
  schema,
  model,
  embedder,
  input = 'alert',
  maxBytes,
  attempts,
  abortSignal,
}: IngestAlertOptions): Promise<NewAlert & { embedding: number[]; failures: string[] }> {
  checkSchemaName(schema, input);
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  const parsed = parseAlertInput({ bytes, input, ...(maxBytes === undefined ? {} : { maxBytes }) });
  const prepared = prepareAlert({
    raw: parsed.raw,
    value: parsed.value,
    schema,
    embedder: embedder.id,
    input,
  });
  const { summary, summarizedBy, failures } = await summarizeAlert({
    schema,
    raw: parsed.raw,
    value: parsed.value,
    model,
    ...(attempts === undefined ? {} : { attempts }),
    ...(abortSignal === undefined ? {} : { abortSignal }),
  });
  const [embedding] = await embedder.embed(
    [alertEmbeddingText(summary)],
    abortSignal === undefined ? {} : { abortSignal },
  );
  if (embedding === undefined) throw new Error(`embedder ${embedder.id} returned no vector`);
  return { ...prepared, ...summary, summarizedBy, embedding, failures };
}
