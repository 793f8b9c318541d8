import type { LanguageModel } from 'ai';
import { detectContextOverflow } from '../../overflow/detect-context-overflow.js';
import { cacheBreakpoints } from '../cache-breakpoints/index.js';
import { type CachePaybackOptions, cachePayback } from '../internal/cache-payback.js';
import { digestPlaceholder } from '../observation-masking/digest-placeholder.js';
import { observationMasking } from '../observation-masking/index.js';
import { pipeline } from '../pipeline/index.js';
import { recallOutputToolName } from '../recall-output/recall-output.js';
import { renamed } from '../renamed/index.js';
import type { Strategy } from '../strategy.js';
import { summarization } from '../summarization/summarization.js';
import { toolInputClearing } from '../tool-input-clearing/index.js';

/** Options of {@link kiokuDefault}; the defaults are the configuration the benchmarks chose. */
export interface KiokuDefaultOptions {
  /**
   * Steps whose tool outputs (and tool-call inputs) stay verbatim, counted from the newest (a step: an
   * assistant message's calls and their results, however many in parallel); default 2.
   */
  keep?: number;
  /** Steps whose outputs are masked (and inputs cleared) at once; default 4. */
  batchSize?: number;
  /** Outputs (and inputs) under this many tokens are never masked (cleared); default 64. */
  minTokens?: number;
  /** Characters of the digest a placeholder keeps (`digestPlaceholder`); default 320, 0: none. */
  digestCharacters?: number;
  /**
   * Placeholders name the handle of the masked output and the `recall_output` tool (`recallOutput`), which
   * the agent must then have; default false.
   */
  recall?: boolean;
  /**
   * Outputs the agent went on to use (their values reappear in its later messages) stay verbatim while
   * among the newest `keepReferenced` steps (`observationMasking`'s tool-aware keep); default `Infinity`: for
   * good (`keep`: the rule off).
   */
  keepReferenced?: number;
  /** Only referenced outputs under this many tokens (lookups, not file views or logs) are kept; default 512. */
  lookupTokens?: number;
  /** Only structured records (JSON, bracketed lists) count as lookups for `keepReferenced`; default true. */
  structuredOnly?: boolean;
  /** The digest leaves out values the agent already holds outside tool outputs (`digestPlaceholder`); default true. */
  skipKnown?: boolean;
  /** Outputs superseded by the same call made again are masked at the next batch; default false. */
  maskRepeated?: boolean;
  /** Whether tool-call inputs are cleared too; default true. */
  clearInputs?: boolean;
  /** The rule that rewrites a cached prefix only when it pays back (`false`: always); default on. */
  payback?: CachePaybackOptions | false;
  /**
   * Who writes the summary when the trigger fires or the provider reports an overflow: a language model
   * (`kiokuMiddleware` and `kiokuPrepareStep` pass the model being called, or their `summarizer`), or
   * `'estimated'` for a replay without a model (`kioku analyze`: summaries priced by the summary-cost
   * model, see `summarization`). Default none: no summaries, so a trigger or an overflow falls to the
   * fallbacks (masking everything, then truncation), for agents that must call no other model.
   */
  summarizer?: LanguageModel | 'estimated';
}

/**
 * kioku's default context management, named `kioku-default`: what `kiokuMiddleware()` and
 * `kiokuPrepareStep()` run (`kiokuDefault({ summarizer: <the model called> })`) and what `kioku analyze`
 * replays against the peer baselines (`kiokuDefault({ summarizer: 'estimated' })`, or the model
 * `--summarizer` names), under the middleware's trigger. Masking and clearing were chosen on the
 * frontier of cost and hidden facts on one half of the dev trajectories and reported on the other
 * (`bench/strategies/default-frontier.mjs`, docs/strategies.md):
 *
 * - **observation masking**, `keep` 2, `batchSize` 4: the tool outputs of the newest 2 to 5 steps stay
 *   verbatim (the newest step's always, however many calls it made), older ones of 64 tokens or more
 *   become a placeholder, 4 steps at a time; the placeholder keeps a digest of up to
 *   320 characters of what an agent acts on (key–value pairs, IOCs, paths, ids, numbers;
 *   `digestPlaceholder`), leaving out the values the agent already holds outside tool outputs (`skipKnown`),
 *   and with `recall` the handle to read the output again (`recallOutput`); the agent's reasoning and
 *   actions stay;
 * - **lookups the agent drew on stay**: a structured record (JSON, a bracketed list such as a SQL result)
 *   under 512 tokens whose values reappear in the agent's later messages is never masked; logs, listings
 *   and file views follow `keep`;
 * - **tool-input clearing** on the same window and cadence: tool-call inputs of 64 tokens or more beyond
 *   it keep their first line and say how much was cut;
 * - **cache payback**: a batch rewrites the provider's cached prefix only when the tokens it removes,
 *   read at every call expected to remain (a quarter as many as were made so far), pay for writing the
 *   rewritten part again at the cache prices the call is billed at (`budget.cachePrices`: the read and
 *   write prices, the cache's minimum prefix and its granularity; else read 0.1, write 1.25 of the input
 *   price), so short runs are mostly sent unmanaged;
 * - **cache breakpoints** (`cacheBreakpoints`): the last edited message carries an Anthropic breakpoint,
 *   so a batch rewrites only what follows the previous batch, and calls between batches read everything
 *   before their new messages; a batch also marks the latest messages before its first edit that earlier
 *   calls marked, so the first batch reads the task from the cache while its entry lives;
 * - **a summary when the window demands it** (given a `summarizer`): when the trigger fires (the
 *   middleware's `thresholdTrigger()`, 80% of the usable window) or the provider reports an overflow, the
 *   oldest ~70% of the masked history is summarized (`summarization`, general prompt, facts preserved);
 *   the summarization never fires on its own: the trigger says when.
 *
 * Chosen among candidates on the pick half of the runs (`bench/strategies/default-frontier.mjs`), never
 * costing more than the unmanaged history on any workload of the pick half (a hard constraint), and on
 * none of the held-out half either; no candidate met every other target of issue 12, and
 * docs/strategies.md says which give way.
 *
 * @example
 * const strategy = kiokuDefault({ summarizer: openai('gpt-4o-mini') }); // name 'kioku-default'
 * const replayed = kiokuDefault({ summarizer: 'estimated' }); // what `kioku analyze` replays
 * const reversible = kiokuDefault({ recall: true }); // no summaries; the agent has recallOutput(…) as 'recall_output'
 */
export function kiokuDefault({
  keep = 2,
  batchSize = 4,
  minTokens = 64,
  digestCharacters = 320,
  recall = false,
  keepReferenced = Number.POSITIVE_INFINITY,
  lookupTokens = 512,
  structuredOnly = true,
  maskRepeated = false,
  skipKnown = true,
  clearInputs = true,
  payback = {},
  summarizer,
}: KiokuDefaultOptions = {}): Strategy<unknown> {
  const masking = observationMasking({
    keep,
    batchSize,
    minTokens,
    keepReferenced,
    lookupTokens,
    structuredOnly,
    maskRepeated,
    placeholder: digestPlaceholder({
      maxCharacters: digestCharacters,
      skipKnown,
      ...(recall ? { recallTool: recallOutputToolName } : {}),
    }),
  });
  // Masking reads the history as the agent wrote it (which outputs its calls drew on), so it goes first.
  const cleared: Strategy<unknown> = pipeline(masking, toolInputClearing({ keep, batchSize, minTokens }));
  const edits: Strategy<unknown> = clearInputs ? cleared : masking;
  const gated: Strategy<unknown> = payback === false ? edits : cachePayback(edits, payback);
  const marked: Strategy<unknown> = cacheBreakpoints(gated);
  if (summarizer === undefined) return renamed(marked, 'kioku-default');
  const summaries = summarization({
    model: summarizer,
    trigger: { inputTokens: Number.MAX_SAFE_INTEGER },
    // The summarizer's own overflow splits its input (map-reduce) instead of failing.
    isOverflowError: (error) => detectContextOverflow(error) !== undefined,
  });
  // The prompt's breakpoints are still the masking's (a summary replaces the oldest messages only).
  return { ...renamed(pipeline(marked, summaries), 'kioku-default'), placesCacheBreakpoints: true };
}
