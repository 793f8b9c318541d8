import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import { markUntrusted, untrustedDataRule } from '../untrusted/index.js';
import { type AlertSummary, alertSummarySchema } from './alert-summary.js';
import { fallbackSummary } from './fallback-summary.js';

/** Options of {@link summarizeAlert}. */
export interface SummarizeAlertOptions {
  /** The alert's source format (e.g. `sentinel`). */
  schema: string;
  /** The raw alert text, shown to the model as untrusted data. */
  raw: string;
  /** The parsed alert, for the fallback. */
  value: Record<string, unknown>;
  /** Any AI SDK model; without one, the deterministic fallback is used. */
  model?: LanguageModel | undefined;
  /** Attempts before the fallback (default 3). */
  attempts?: number;
  abortSignal?: AbortSignal;
}

/** What {@link summarizeAlert} produced, and how. */
export interface SummarizedAlert {
  summary: AlertSummary;
  /** `provider:model` that wrote it, or `fallback`. */
  summarizedBy: string;
  /** Why each failed attempt failed (empty when the first succeeded or no model was given). */
  failures: string[];
}

const system = [
  'You triage security alerts. From one alert, write a short title (what happened, where), a description',
  '(two to five sentences: what it reports, the entities involved, why it may matter), a severity, and',
  'attributes: the key facts as name → value (host, user, process, command line, rule, addresses, cloud',
  'account…), copied exactly from the alert. Do not invent facts that are not in the alert.',
  untrustedDataRule,
].join(' ');

/**
 * The model's title, description, severity and attributes for an alert, by structured output checked
 * against {@link alertSummarySchema}; an attempt that fails (no valid object, a provider error) is retried
 * with the problem stated, and after `attempts` failures (or with no model) the deterministic
 * {@link fallbackSummary} is used, so ingest never fails for want of a model.
 */
export async function summarizeAlert({
  schema,
  raw,
  value,
  model,
  attempts = 3,
  abortSignal,
}: SummarizeAlertOptions): Promise<SummarizedAlert> {
  const failures: string[] = [];
  if (model !== undefined) {
    const prompt = `Summarize this ${schema} alert.\n\n${markUntrusted({ source: `${schema} alert (raw JSON)`, content: raw })}`;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      abortSignal?.throwIfAborted();
      try {
        const result = await generateText({
          model,
          system,
          prompt:
            failures.length === 0
              ? prompt
              : `${prompt}\n\nThe previous answer was rejected: ${failures.at(-1)}. Answer with JSON of the required shape.`,
          output: Output.object({ schema: alertSummarySchema, name: 'alert_summary' }),
          maxRetries: 0,
          ...(abortSignal === undefined ? {} : { abortSignal }),
        });
        return { summary: result.output, summarizedBy: modelName(model), failures };
      } catch (error) {
        if (abortSignal?.aborted) throw error;
        failures.push(describeFailure(error));
      }
    }
  }
  return { summary: fallbackSummary({ schema, value }), summarizedBy: 'fallback', failures };
}

function modelName(model: LanguageModel): string {
  return typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
}

function describeFailure(error: unknown): string {
  if (NoObjectGeneratedError.isInstance(error)) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? error.message);
    return `not a valid alert summary (${firstLine(cause)})`;
  }
  return firstLine(error instanceof Error ? error.message : String(error));
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
