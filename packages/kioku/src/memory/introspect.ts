import {
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
} from 'ai';
import { IntrospectionError } from '../errors/introspection-error.js';
import { formatPastKnowledge } from './format-past-knowledge.js';
import { guardLearnedClaim, toolOutputTexts } from './guard-learned-claim.js';
import { introspectionPrompt } from './introspection-prompt.js';
import { type Introspection, introspectionSchema } from './introspection-schema.js';
import type { LearnResult, Memory, RecalledMemory, RejectedClaim } from './memory.js';
import { normalizeMemoryText } from './normalize-memory-text.js';
import { redactSecrets } from './redact-secrets.js';
import { renderTranscript } from './render-transcript.js';

/** Options of {@link introspect}. */
export interface IntrospectOptions {
  /** Where claims are stored and scores applied. */
  memory: Memory;
  /** The model that reviews the run (one call, structured output). */
  model: LanguageModel;
  /** The request the run worked on. */
  request: string;
  /** The run's history (the session's messages). */
  messages: readonly ModelMessage[];
  /** The memories recalled for the run and shown to the agent: only these can be scored. */
  recalled: readonly Pick<RecalledMemory, 'id' | 'claim'>[];
  /** Instructions for the model (default {@link introspectionPrompt}; `{maxClaims}` is replaced). */
  instructions?: string;
  /** At most this many claims are stored (default 8; more are ignored). */
  maxClaims?: number;
  /** The transcript is cut to about this many characters, keeping start and end (default 60,000). */
  maxTranscriptCharacters?: number;
  /** Each message is cut to this many characters (default 6,000). */
  maxMessageCharacters?: number;
  /**
   * The names claims must be about (e.g. a log engine's tables and columns): a claim naming none of them
   * is refused (see `guardLearnedClaim`). Without it, claims are not checked for a subject.
   */
  vocabulary?: readonly string[];
  /** Retries of the model call (default 2). */
  maxRetries?: number;
  abortSignal?: AbortSignal;
}

/** What an introspection did: learned (claims stored, memories scored) or failed without writing anything. */
export type IntrospectionReport =
  | {
      success: true;
      /** What the model answered, before checks and deduplication. */
      introspection: Introspection;
      /**
       * What was written. `rejected` also lists the claims refused before storage by `guardLearnedClaim`
       * (addressed to the agent, copied from a tool output, about none of the `vocabulary`).
       */
      learned: LearnResult;
      usage: LanguageModelUsage;
    }
  | { success: false; error: IntrospectionError };

/**
 * Looks back at a finished run with ONE model call (structured output) and updates the memory: new
 * claims are stored (score 0, with the request's embedding; claims that speak to the agent, copy a tool
 * output or name none of the `vocabulary` refused by code (`guardLearnedClaim`), instructions refused,
 * secrets redacted, near-duplicates merged), memories the model judges helpful get +1, harmful ones −1 (deleted below the
 * memory's `deleteBelow`). All of it in one transaction.
 *
 * Never throws for what can go wrong with the model or the store: a model error, an answer that does not
 * match the schema, ids that were not recalled, or a failed write are returned as
 * `{ success: false, error }` and nothing is written, so a run never fails because its introspection did.
 *
 * @example
 * const recalled = await memory.recall({ request });
 * const run = await generateText({ model, system: `${base}\n\n${formatPastKnowledge(recalled)}`, prompt: request, tools });
 * const report = await introspect({ memory, model, request, messages: [{ role: 'user', content: request }, ...run.responseMessages], recalled });
 * if (!report.success) console.warn(report.error.message);
 */
export async function introspect({
  memory,
  model,
  request,
  messages,
  recalled,
  instructions = introspectionPrompt,
  maxClaims = 8,
  maxTranscriptCharacters = 60_000,
  maxMessageCharacters = 6_000,
  vocabulary,
  maxRetries = 2,
  abortSignal,
}: IntrospectOptions): Promise<IntrospectionReport> {
  const failure = (error: IntrospectionError): IntrospectionReport => ({ success: false, error });
  let introspection: Introspection;
  let usage: LanguageModelUsage;
  try {
    const result = await generateText({
      model,
      instructions: instructions.replaceAll('{maxClaims}', String(maxClaims)),
      prompt: [
        `## Request\n${request}`,
        `## Past knowledge shown to the agent\n${formatPastKnowledge(recalled, { heading: '' }) || '(none)'}`,
        `## Transcript of the run\n${renderTranscript(messages, { maxCharacters: maxTranscriptCharacters, maxMessageCharacters })}`,
      ].join('\n\n'),
      output: Output.object({ schema: introspectionSchema, name: 'introspection' }),
      maxRetries,
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    introspection = result.output;
    usage = result.usage;
  } catch (error) {
    return failure(
      NoObjectGeneratedError.isInstance(error)
        ? new IntrospectionError({
            kind: 'malformed-output',
            message: `the model's answer does not match the schema (${describe(error.cause ?? error)})`,
            cause: error,
          })
        : new IntrospectionError({ kind: 'model-error', message: describe(error), cause: error }),
    );
  }
  const known = new Set(recalled.map((memory) => memory.id));
  const helpful = [...new Set(introspection.helpfulMemoryIds)];
  const harmful = [...new Set(introspection.harmfulMemoryIds)];
  const unknown = [...helpful, ...harmful].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return failure(
      new IntrospectionError({
        kind: 'unknown-memory-ids',
        message: `the model scored memories that were not shown to the agent: ${unknown.join(', ')}`,
        memoryIds: unknown,
      }),
    );
  }
  const both = helpful.filter((id) => harmful.includes(id));
  if (both.length > 0) {
    return failure(
      new IntrospectionError({
        kind: 'malformed-output',
        message: `the model marked memories both helpful and harmful: ${both.join(', ')}`,
        memoryIds: both,
      }),
    );
  }
  // Tool outputs are untrusted: what the model learned from them is checked by code before storage.
  const sources = toolOutputTexts(messages);
  const refused: RejectedClaim[] = [];
  const claims: string[] = [];
  for (const claim of introspection.claims.slice(0, maxClaims)) {
    const rejection = guardLearnedClaim(claim, {
      sources,
      ...(vocabulary === undefined ? {} : { vocabulary }),
    });
    if (rejection === undefined) claims.push(claim);
    else refused.push({ claim: redactSecrets(normalizeMemoryText(claim)).text, ...rejection });
  }
  try {
    const written = await memory.learn({
      request,
      claims,
      helpfulMemoryIds: helpful,
      harmfulMemoryIds: harmful,
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    const learned = { ...written, rejected: [...refused, ...written.rejected] };
    return { success: true, introspection, learned, usage };
  } catch (error) {
    return failure(new IntrospectionError({ kind: 'learn-error', message: describe(error), cause: error }));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
