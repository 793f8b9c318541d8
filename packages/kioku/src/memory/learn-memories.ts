import { sql } from 'drizzle-orm';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import { applyScores } from './apply-scores.js';
import { checkClaim } from './check-claim.js';
import { type ClaimPlan, dedupeClaims } from './dedupe-claims.js';
import type { LearnInput, LearnResult, MemoryRecord, RejectedClaim } from './memory.js';
import type { MemoryContext } from './memory-context.js';
import { type MemoryRow, memoryColumns, memoryFromRow } from './memory-row.js';
import { claimKey } from './normalize-claim.js';
import { normalizeMemoryText } from './normalize-memory-text.js';
import { sanitizeMemoryText } from './sanitize-memory-text.js';
import { searchNearest } from './search-nearest.js';
import { queryRows } from './sql-values.js';

/**
 * `Memory.learn`: checks the claims (instructions refused, secrets redacted), sanitizes the request
 * (see `sanitizeMemoryText`), embeds the request and the
 * claims, finds near-duplicates among the memories learned from the most similar requests, then in one
 * transaction inserts or merges the claims and applies the scores.
 */
export async function learnMemories(context: MemoryContext, input: LearnInput): Promise<LearnResult> {
  const { store, embedder, namespace } = context;
  const { claims = [], helpfulMemoryIds = [], harmfulMemoryIds = [], initialScore = 0 } = input;
  checkLearnInput(input);
  // The request is stored, embedded and shown (`kioku memory show/export`): never with its secrets.
  const request = sanitizeMemoryText(input.request).text;
  const checked = claims.map(checkClaim);
  const rejected: RejectedClaim[] = [];
  const accepted: { claim: string; key: string; redactions: LearnResult['stored'][number]['redactions'] }[] =
    [];
  for (const result of checked) {
    if (result.accepted)
      accepted.push({ claim: result.claim, key: claimKey(result.claim), redactions: result.redactions });
    else rejected.push(withoutAccepted(result));
  }
  const signal = input.abortSignal === undefined ? {} : { abortSignal: input.abortSignal };
  let plans: ClaimPlan[] = [];
  let requestEmbedding: number[] = [];
  if (accepted.length > 0) {
    const [first, ...claimEmbeddings] = await embedder.embed(
      [request, ...accepted.map((a) => a.claim)],
      signal,
    );
    requestEmbedding = first ?? [];
    const neighbours = await searchNearest<{ id: number | string; claim: string; claim_key: string }>(store, {
      table: 'kioku_memories',
      columns: 'id, claim, claim_key',
      where: sql`namespace = ${namespace}`,
      query: store.vectorParam(requestEmbedding),
      threshold: -1,
      limit: context.duplicateCandidates,
      efSearch: context.efSearch,
    });
    const neighbourEmbeddings = await embedder.embed(
      neighbours.map((row) => row.claim),
      signal,
    );
    plans = dedupeClaims({
      claims: accepted.map((claim, index) => ({ key: claim.key, embedding: claimEmbeddings[index] ?? [] })),
      stored: neighbours.map((row, index) => ({
        id: Number(row.id),
        key: row.claim_key,
        embedding: neighbourEmbeddings[index] ?? [],
      })),
      minSimilarity: context.duplicateSimilarity,
    });
  }
  return store.transaction(async (tx) => {
    const result: LearnResult = { stored: [], merged: [], rejected, scored: [], deleted: [], missing: [] };
    // What each accepted claim became, so a later duplicate in the batch can say what it merged into.
    const became: (MemoryRecord | undefined)[] = [];
    for (const [index, claim] of accepted.entries()) {
      const plan = plans[index] ?? { action: 'insert' };
      if (plan.action === 'skip') {
        const into = became[plan.sameAs];
        became.push(into);
        if (into !== undefined) result.merged.push({ claim: claim.claim, into, similarity: plan.similarity });
        continue;
      }
      if (plan.action === 'merge') {
        const [row] = await queryRows<MemoryRow>(
          tx,
          sql`update kioku_memories set score = greatest(score, ${initialScore}), updated_at = now()
            where id = ${plan.into} and namespace = ${namespace}
            returning ${sql.raw(memoryColumns)}`,
        );
        if (row !== undefined) {
          const into = memoryFromRow(row);
          became.push(into);
          result.merged.push({ claim: claim.claim, into, similarity: plan.similarity });
          continue;
        }
      }
      const [row] = await queryRows<MemoryRow & { inserted: boolean }>(
        tx,
        sql`insert into kioku_memories (namespace, claim, claim_key, request, embedding, score)
          values (${namespace}, ${claim.claim}, ${claim.key}, ${request}, ${store.vectorParam(requestEmbedding)}, ${initialScore})
          on conflict (namespace, claim_key) do update
            set score = greatest(kioku_memories.score, excluded.score), updated_at = now()
          returning ${sql.raw(memoryColumns)}, (xmax = 0) as inserted`,
      );
      const { inserted, ...memory } = row as MemoryRow & { inserted: boolean };
      const record = memoryFromRow(memory);
      became.push(record);
      if (inserted) result.stored.push({ ...record, redactions: claim.redactions });
      else result.merged.push({ claim: claim.claim, into: record, similarity: 1 });
    }
    const changes = await applyScores(tx, {
      namespace,
      helpful: helpfulMemoryIds,
      harmful: harmfulMemoryIds,
      deleteBelow: context.deleteBelow,
    });
    return { ...result, ...changes };
  });
}

function withoutAccepted(result: Exclude<ReturnType<typeof checkClaim>, { accepted: true }>): RejectedClaim {
  const { accepted: _accepted, ...rejection } = result;
  return rejection;
}

function checkLearnInput({
  request,
  claims = [],
  helpfulMemoryIds = [],
  harmfulMemoryIds = [],
  initialScore = 0,
}: LearnInput) {
  if (typeof request !== 'string' || normalizeMemoryText(request).trim() === '') {
    throw new InvalidMemoryInputError({
      field: 'request',
      expected: 'the non-empty text of the run’s request',
    });
  }
  for (const [index, claim] of claims.entries()) {
    if (typeof claim !== 'string') {
      throw new InvalidMemoryInputError({
        field: `claims[${index}]`,
        expected: 'a string',
        found: typeof claim,
      });
    }
  }
  checkIds('helpfulMemoryIds', helpfulMemoryIds);
  checkIds('harmfulMemoryIds', harmfulMemoryIds);
  const both = helpfulMemoryIds.filter((id) => harmfulMemoryIds.includes(id));
  if (both.length > 0) {
    throw new InvalidMemoryInputError({
      field: 'harmfulMemoryIds',
      expected: 'ids not also in helpfulMemoryIds',
      found: both.join(', '),
    });
  }
  if (!Number.isSafeInteger(initialScore)) {
    throw new InvalidMemoryInputError({
      field: 'initialScore',
      expected: 'an integer',
      found: String(initialScore),
    });
  }
}

/** Throws unless every id is a positive safe integer. */
export function checkIds(field: string, ids: readonly number[]): void {
  for (const [index, id] of ids.entries()) {
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new InvalidMemoryInputError({
        field: `${field}[${index}]`,
        expected: 'a memory id (a positive integer)',
        found: String(id),
      });
    }
  }
}
