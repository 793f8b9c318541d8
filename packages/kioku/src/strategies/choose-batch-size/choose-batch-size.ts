import type { ModelMessage } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import type { CachePolicy } from '../../pricing/cache-policy.js';
import { cachePolicyForModel } from '../../pricing/cache-policy-for-model.js';
import type { CallBill } from '../../pricing/call-bill.js';
import type { ModelInfo } from '../../pricing/model-info.js';
import { type SimulatedCall, simulateCost } from '../../pricing/simulate-cost.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { assistantCalls } from '../../transcripts/assistant-calls.js';
import type { RecordedCall, Transcript } from '../../transcripts/transcript.js';
import { checkCount } from '../check-option.js';
import type { Strategy, StrategyBudget } from '../strategy.js';

/** Options of {@link chooseBatchSize}. */
export interface ChooseBatchSizeOptions {
  /**
   * The run to replay: its messages and tools, and its calls (each call's prompt is the first
   * `messageCount` messages, billed with its recorded output tokens and time). Without calls, the agent
   * is taken to call the model before each assistant message.
   */
  history: Pick<Transcript, 'messages'> & Partial<Pick<Transcript, 'tools' | 'calls'>>;
  /** Builds the strategy to tune for a batch size, e.g. `(batchSize) => observationMasking({ batchSize })`. */
  strategy: (batchSize: number) => Strategy;
  /** The model's prices (see `getModelInfo`). */
  model: ModelInfo;
  counter: TokenCounter;
  /** Caching rules; default `cachePolicyForModel(model)`. */
  policy?: CachePolicy;
  /** Batch sizes to try; default 1, 2, 4, 8, 16 and 32. */
  candidates?: readonly number[];
  /**
   * Rewrites each managed prompt before it is billed, e.g. `placeCacheBreakpoints` for Anthropic's
   * explicit caching, where only marked prefixes are cached. Not applied to a strategy that
   * `placesCacheBreakpoints` itself.
   */
  rewriteMessages?: (messages: readonly ModelMessage[]) => ModelMessage[];
  /** The budget the strategy works within; default the model's context window. */
  budget?: StrategyBudget;
}

/** The cheapest batch size, and what each candidate cost. */
export interface BatchSizeChoice {
  batchSize: number;
  /** Every candidate's simulated bill over the run, in the order tried. */
  candidates: { batchSize: number; totals: CallBill }[];
}

/**
 * Picks the batch size K of a cache-aware strategy (observation masking, input clearing) with the cost
 * model: replays the run call by call through the strategy built for each candidate K, bills the managed
 * prompts with the provider's prompt cache simulated (`simulateCost`), and returns the cheapest K (the
 * smallest on a tie). Larger K rewrites the cached prefix less often but sends old outputs longer; which
 * wins depends on the provider's cache prices and rules, and on the run.
 *
 * @example
 * const { batchSize } = await chooseBatchSize({
 *   history: transcript,
 *   strategy: (batchSize) => observationMasking({ keep: 10, batchSize }),
 *   model: getModelInfo('deepseek-chat'),
 *   counter,
 * });
 */
export async function chooseBatchSize({
  history,
  strategy,
  model,
  counter,
  policy = cachePolicyForModel(model),
  candidates = [1, 2, 4, 8, 16, 32],
  rewriteMessages,
  budget = { contextWindow: model.contextWindow },
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
  const { messages, tools } = history;
  const calls: readonly RecordedCall[] =
    history.calls !== undefined && history.calls.length > 0 ? history.calls : assistantCalls(messages);

  const tried: BatchSizeChoice['candidates'] = [];
  for (const batchSize of candidates) {
    const managed = strategy(batchSize);
    let state = managed.initialState();
    const simulated: SimulatedCall[] = [];
    for (const call of calls) {
      const result = await managed.apply({
        messages: messages.slice(0, call.messageCount),
        ...(tools === undefined ? {} : { tools }),
        counter,
        budget,
        state,
      });
      state = result.state;
      const next = messages[call.messageCount];
      const completion = next?.role === 'assistant' ? next : undefined;
      const sent =
        rewriteMessages === undefined || managed.placesCacheBreakpoints === true
          ? result.messages
          : rewriteMessages(result.messages);
      simulated.push({
        prompt: tools === undefined ? { messages: sent } : { messages: sent, tools },
        outputTokens:
          call.usage?.completionTokens ?? (completion === undefined ? 0 : counter.countMessage(completion)),
        timestamp: call.timestamp,
        completion,
      });
    }
    tried.push({ batchSize, totals: simulateCost({ calls: simulated, model, counter, policy }).totals });
  }
  let best = tried[0];
  for (const candidate of tried) {
    if (best === undefined || candidate.totals.cost < best.totals.cost) best = candidate;
    else if (candidate.totals.cost === best.totals.cost && candidate.batchSize < best.batchSize)
      best = candidate;
  }
  return { batchSize: best?.batchSize ?? 1, candidates: tried };
}
