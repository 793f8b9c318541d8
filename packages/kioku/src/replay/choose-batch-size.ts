import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { checkCount } from '../strategies/internal/check-option.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import type { ReplayPricing } from './replay-pricing.js';
import { replayTranscript } from './replay-transcript.js';
import type { ReplayTotals } from './transcript-replay.js';

/** Options of {@link chooseBatchSize}. */
export interface ChooseBatchSizeOptions {
  /** The run to replay (its recorded calls, or one call before each assistant message). */
  transcript: Transcript;
  /** Builds the strategy to tune for a batch size, e.g. `(batchSize) => observationMasking({ batchSize })`. */
  strategy: (batchSize: number) => Strategy;
  /** How the calls are billed, cache rules and breakpoints included (see `resolvePricing`). */
  pricing: ReplayPricing;
  counter: TokenCounter;
  /** Batch sizes to try; default 1, 2, 4, 8, 16 and 32. */
  candidates?: readonly number[];
  /** The budget the strategy works within; default the pricing model's context window. */
  budget?: StrategyBudget;
}

/** The cheapest batch size, and what each candidate's replay totalled. */
export interface BatchSizeChoice {
  batchSize: number;
  /** Every candidate's replay totals (`costCached` decides), in the order tried. */
  candidates: { batchSize: number; totals: ReplayTotals }[];
}

/**
 * Picks the batch size K of a cache-aware strategy (observation masking, input clearing) with the cost
 * model: replays the run (`replayTranscript`) through the strategy built for each candidate K and
 * returns the K whose cost with the provider's prompt cache simulated (`costCached`) is lowest (the
 * smallest on a tie). Larger K rewrites the cached prefix less often but sends old outputs longer; which
 * wins depends on the provider's cache prices and rules, and on the run.
 *
 * @example
 * const { batchSize } = await chooseBatchSize({
 *   transcript,
 *   strategy: (batchSize) => observationMasking({ keep: 10, batchSize }),
 *   pricing: resolvePricing({ modelId: 'deepseek-chat' }),
 *   counter,
 * });
 */
export async function chooseBatchSize({
  transcript,
  strategy,
  pricing,
  counter,
  candidates = [1, 2, 4, 8, 16, 32],
  budget,
}: ChooseBatchSizeOptions): Promise<BatchSizeChoice> {
  if (candidates.length === 0) {
    throw new StrategyOptionsError({
      strategy: 'chooseBatchSize',
      option: 'candidates',
      value: candidates,
      expected: 'at least one batch size',
    });
  }
  for (const candidate of candidates) {
    checkCount({ strategy: 'chooseBatchSize', option: 'candidates', value: candidate, min: 1 });
  }
  const tried: BatchSizeChoice['candidates'] = [];
  for (const batchSize of candidates) {
    const replay = await replayTranscript({
      transcript,
      strategy: strategy(batchSize),
      counter,
      pricing,
      ...(budget === undefined ? {} : { budget }),
    });
    tried.push({ batchSize, totals: replay.totals });
  }
  let best = tried[0];
  for (const candidate of tried) {
    const [cost, bestCost] = [candidate.totals.costCached, best?.totals.costCached ?? 0];
    if (best === undefined || cost < bestCost || (cost === bestCost && candidate.batchSize < best.batchSize))
      best = candidate;
  }
  return { batchSize: best?.batchSize ?? 1, candidates: tried };
}
