import type { ModelMessage, ToolResultPart } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { batchCutoff } from '../internal/batch-cutoff.js';
import { checkCount } from '../internal/check-option.js';
import { outweighs, partTokens } from '../internal/part-tokens.js';
import { type PartDecision, partTrack } from '../internal/part-track.js';
import { perHistory } from '../internal/per-history.js';
import { markPlaceholder } from '../internal/placeholder-mark.js';
import type { RewriteMemo } from '../internal/replace-tool-parts.js';
import { type ToolFilterOptions, toolFilter } from '../internal/tool-filter.js';
import type { Stepped } from '../internal/tool-parts.js';
import type { Strategy } from '../strategy.js';
import { isRecordOutput } from './is-record-output.js';
import { knownText } from './known-text.js';
import {
  describeMaskedOutput,
  type MaskedOutput,
  maskedOutput,
  type PreparedPlaceholder,
} from './masked-output.js';
import { outputReferences } from './output-references.js';
import { repeatedCalls } from './repeated-calls.js';

/** Options of {@link observationMasking}. */
export interface ObservationMaskingOptions extends ToolFilterOptions {
  /**
   * Steps whose tool outputs stay verbatim, counted from the newest: a step is an assistant message and
   * the results of its calls, however many it made in parallel (every tool's steps count). The newest
   * step's outputs are never masked, even with 0. Default 10.
   */
  keep?: number;
  /**
   * Outputs smaller than this many tokens are never masked: a placeholder would save little and lose
   * the content. Default 64 (the default placeholder is about 15–20 tokens).
   */
  minTokens?: number;
  /**
   * Cache-aware batching: the window's edge moves K steps at a time, so the outputs of older steps are
   * masked K steps at once and the provider's cached prefix is rewritten once per K steps instead of at
   * every one (between `keep` and `keep + K - 1` steps stay verbatim). Default 1: mask a step's outputs as
   * soon as it leaves the window. See `chooseBatchSize` (in `replay/`) to pick K with the cost model.
   */
  batchSize?: number;
  /**
   * The placeholder's text; default {@link describeMaskedOutput}. One with `prepare`
   * (`digestPlaceholder`) is given each output's text one call before it may leave the `keep` window
   * (never the newest step's), ahead of the batch that masks it.
   */
  placeholder?: ((output: MaskedOutput) => string) | PreparedPlaceholder;
  /**
   * Tool-aware keep: outputs the agent went on to use (`outputReferences`: values of the output, such as
   * ids, names or paths, reappear in its later messages — a lookup whose ids feed later calls, a schema
   * its queries use) stay verbatim while among the outputs of the newest `keepReferenced` steps (rounded up to whole
   * batches beyond `keep`, so they are masked at the same calls as the others; `Infinity`: for good);
   * outputs it only read are masked after `keep`. A finite value masks a referenced output behind
   * outputs masked before, which rewrites the provider's cached prompt from further back. Default `keep`:
   * every output alike.
   */
  keepReferenced?: number;
  /**
   * Lookups against bulk: only referenced outputs under this many tokens (records, schemas, short
   * listings) stay for `keepReferenced`; bigger ones (file views, logs) leave after `keep` like the rest.
   * Default: no limit.
   */
  lookupTokens?: number;
  /**
   * Only structured records count as lookups for `keepReferenced`: JSON outputs and texts that are a
   * bracketed document or list of records (`{…}`, `[…]`, as lookups and SQL results print), not the
   * plain text of logs, listings and file views. Default false.
   */
  structuredOnly?: boolean;
  /**
   * Stale outputs first: an output whose call the agent made again later with the same tool and input
   * (the same file viewed again, the same query re-run) is superseded by the later output and masked at
   * the next batch, inside the `keep` window, whatever `minTokens` and `keepReferenced` say (a
   * placeholder must still be shorter); a repeat in the same step (parallel calls) supersedes nothing, and
   * the newest step's outputs stay. Default false.
   */
  maskRepeated?: boolean;
}

/** What observation masking remembers between calls. */
export interface ObservationMaskingState {
  /**
   * Tool call ids whose outputs this strategy masked; they stay masked at every later call. Ids are those
   * of the history as given; through the middleware, `prepareStep` and a replay a reused id is a new call
   * (`distinctToolCallIds`).
   */
  readonly masked: readonly string[];
}

const name = 'observation-masking';

/**
 * Observation masking (Lindenbauer et al., "The Complexity Trap", arXiv 2508.21433): keeps the tool
 * outputs of the last `keep` steps verbatim (the newest step's always, however many calls it made) and
 * replaces each older one with a one-line placeholder saying which tool
 * and how much was cut. The agent's reasoning and actions (assistant messages) are untouched; a masked
 * output stays a `tool-result` with the same `toolCallId` and `toolName`, as `text` (`error-text` for
 * errors), marked `providerOptions.kioku.placeholder`. Pinned messages, outputs already replaced by a
 * placeholder, outputs under `minTokens` and tools filtered out by `include`/`exclude` are kept.
 *
 * @example
 * const masking = observationMasking({ keep: 10, exclude: ['memory'] });
 * let state = masking.initialState();
 * const { messages, state: next } = await masking.apply({ messages: history, counter, budget, state });
 */
export function observationMasking({
  keep = 10,
  minTokens = 64,
  batchSize = 1,
  include,
  exclude = [],
  placeholder = describeMaskedOutput,
  keepReferenced = keep,
  lookupTokens = Number.POSITIVE_INFINITY,
  structuredOnly = false,
  maskRepeated = false,
}: ObservationMaskingOptions = {}): Strategy<ObservationMaskingState> {
  checkCount({ strategy: 'observationMasking', option: 'keep', value: keep });
  if (keepReferenced !== Number.POSITIVE_INFINITY) {
    checkCount({
      strategy: 'observationMasking',
      option: 'keepReferenced',
      value: keepReferenced,
      min: keep,
    });
  }
  if (lookupTokens !== Number.POSITIVE_INFINITY) {
    checkCount({ strategy: 'observationMasking', option: 'lookupTokens', value: lookupTokens, min: 1 });
  }
  checkCount({ strategy: 'observationMasking', option: 'minTokens', value: minTokens });
  checkCount({ strategy: 'observationMasking', option: 'batchSize', value: batchSize, min: 1 });
  const allowed = toolFilter({ include, exclude });
  const perCounter = new WeakMap<
    TokenCounter,
    {
      memo: RewriteMemo;
      masked: WeakMap<ToolResultPart, ToolResultPart>;
      /** Whether each part is worth masking: decided once, as a wrapper may ask again at every call. */
      worth: WeakMap<ToolResultPart, boolean>;
      /** Parts whose text was given to the placeholder's `prepare`. */
      prepared: WeakSet<ToolResultPart>;
    }
  >();
  const prepare = 'prepare' in placeholder ? placeholder.prepare : undefined;
  /** Per conversation, what the agent holds outside tool outputs (read when a digest asks). */
  const knownOf = perHistory(knownText);
  const references = keepReferenced > keep ? outputReferences() : undefined;
  // Referenced outputs leave the window whole batches after the others, so at the same calls.
  const extraBatches = Math.ceil((keepReferenced - keep) / batchSize);
  const track = partTrack<ToolResultPart>({
    parts: 'results',
    strategy: name,
    kind: () => 'mask-tool-result',
    carried: () => true,
  });

  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => ({ masked: [] }),
    async apply({ messages, counter, state }) {
      let caches = perCounter.get(counter);
      if (caches === undefined) {
        caches = {
          memo: new WeakMap(),
          masked: new WeakMap(),
          worth: new WeakMap(),
          prepared: new WeakSet(),
        };
        perCounter.set(counter, caches);
      }
      const { memo, masked, worth, prepared } = caches;
      const known = knownOf(messages);
      const mask = (message: ModelMessage, part: ToolResultPart, index: number): ToolResultPart => {
        const replacement = masked.get(part);
        if (replacement === undefined) {
          const measured = maskedOutput(part, partTokens(counter, message, part), (value) =>
            known.holds(messages, index, value),
          );
          const value = placeholder(measured);
          const output: ToolResultPart['output'] = measured.error
            ? { type: 'error-text', value }
            : { type: 'text', value };
          const made = markPlaceholder({ ...part, output });
          masked.set(part, made);
          return made;
        }
        return replacement;
      };
      const shorter = (message: ModelMessage, part: ToolResultPart, index: number): boolean => {
        const { output } = mask(message, part, index);
        const text = output.type === 'text' || output.type === 'error-text' ? output.value : '';
        return outweighs(counter, message, part, counter.countText(text));
      };
      const worthMasking = (message: ModelMessage, part: ToolResultPart, index: number): boolean => {
        const known = worth.get(part);
        if (known !== undefined) return known;
        const decided = partTokens(counter, message, part) >= minTokens && shorter(message, part, index);
        worth.set(part, decided);
        return decided;
      };

      const run = track({ messages, counter, state, ids: state.masked, memo });
      const { parts: results, steps } = run;
      const cutoff = batchCutoff({ count: steps, keep, batchSize });
      const referencedCutoff = Math.max(0, cutoff - extraBatches * batchSize);
      // Repeats count among the steps the window's edge has passed `keep` before (they change with it);
      // a superseded output is an earlier step's, never the newest's.
      const repeated = maskRepeated ? repeatedCalls(messages, cutoff + keep) : new Set<string>();
      const decide = (position: number): PartDecision => {
        const { index, part, step } = results[position] as Stepped<ToolResultPart>;
        const message = messages[index] as ModelMessage;
        if (!allowed(part.toolName)) return 'keep';
        if (repeated.has(part.toolCallId) && shorter(message, part, index)) return 'edit';
        if (step >= cutoff) return 'window';
        if (!worthMasking(message, part, index)) return 'keep';
        if (
          step < referencedCutoff ||
          references === undefined ||
          partTokens(counter, message, part) >= lookupTokens ||
          (structuredOnly && !isRecordOutput(part)) ||
          !references.referenced(messages, index, part)
        ) {
          return 'edit';
        }
        // Referenced: kept for good, or until its step passes the referenced window's edge.
        return keepReferenced === Number.POSITIVE_INFINITY ? 'keep' : 'wait';
      };
      const candidates = run.candidates(cutoff, referencedCutoff);
      if (repeated.size > 0) {
        const more = new Set(candidates);
        for (const id of repeated) {
          for (const position of run.positionsOf(id)) if (run.isOpen(position)) more.add(position);
        }
        candidates.splice(0, candidates.length, ...[...more].sort((a: number, b: number) => a - b));
      }
      for (const position of candidates) run.decide(position, decide(position));
      if (prepare !== undefined) {
        // Outputs the next call's batch may mask (those that will have left the newest `keep` steps; never
        // the newest step's): what their placeholders need of their text alone is made now, a step's
        // outputs per call, so no call makes a whole batch's.
        const edge = Math.min(steps + 1 - keep, steps - 1);
        for (let position = results.length - 1; position >= 0; position -= 1) {
          const { index, part, step } = results[position] as Stepped<ToolResultPart>;
          if (step < cutoff) break;
          if (step >= edge || prepared.has(part) || !run.isOpen(position) || !allowed(part.toolName))
            continue;
          prepared.add(part);
          if (partTokens(counter, messages[index] as ModelMessage, part) >= minTokens) {
            prepare(toolOutputText(part.output));
          }
        }
      }
      const {
        messages: output,
        edits,
        newIds,
      } = run.finish({
        replace: (part, message, index) => mask(message, part, index),
      });
      return {
        messages: output,
        edits,
        state: newIds.length === 0 ? state : { masked: [...state.masked, ...newIds] },
      };
    },
  };
}
