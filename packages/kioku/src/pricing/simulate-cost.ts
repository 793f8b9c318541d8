import type { ModelMessage } from 'ai';
import type { Prompt, TokenCounter } from '../tokens/token-counter.js';
import type { CachePolicy, CacheStore } from './cache-policy.js';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import type { CallBill, CostReport } from './call-bill.js';
import type { ModelInfo } from './model-info.js';
import { priceBill } from './price-bill.js';
import { type LaidOutPrompt, layoutPromptAfter } from './prompt-layout.js';
import { sumBills } from './sum-bills.js';

/** One LLM call to bill: what was sent, what came back, and when. */
export interface SimulatedCall {
  prompt: Prompt;
  /** Tokens the model generated. */
  outputTokens: number;
  /** Seconds since the epoch. Without timestamps, cache entries never expire. */
  timestamp?: number | undefined;
  /** The assistant message the call produced, for providers that cache answers (DeepSeek). */
  completion?: ModelMessage | undefined;
  /** Caching rules for this call alone, e.g. `noCachePolicy()` for a call routed to another backend. */
  policy?: CachePolicy | undefined;
}

/** Options of {@link simulateCost}. */
export interface SimulateCostOptions {
  calls: readonly SimulatedCall[];
  model: ModelInfo;
  /** Gives the token positions of the prompts (per-message counts, summed). */
  counter: TokenCounter;
  /** Caching rules; default `cachePolicyForModel(model)`. */
  policy?: CachePolicy | undefined;
}

/**
 * What a provider bills for a sequence of calls, with its prompt cache simulated. Calls are replayed in
 * timestamp order when every call has one (calls of several runs may interleave and share cached
 * prefixes), otherwise in the order given; bills come back in the order given. Each policy keeps its own
 * cache.
 *
 * @example
 * const model = getModelInfo('claude-3-5-sonnet-20241022');
 * const report = simulateCost({ calls, model, counter: counterForModel(model.id) });
 * console.log(report.totals.cacheReadTokens, report.totals.cost);
 */
export function simulateCost({
  calls,
  model,
  counter,
  policy = cachePolicyForModel(model),
}: SimulateCostOptions): CostReport {
  return simulateCosts({ calls, model, counter, policies: [policy] })[0] as CostReport;
}

/**
 * {@link simulateCost} under each of `policies`, the prompts laid out once (what a replay bills without and
 * with the provider's cache).
 */
export function simulateCosts({
  calls,
  model,
  counter,
  policies,
}: Omit<SimulateCostOptions, 'policy'> & { policies: readonly CachePolicy[] }): CostReport[] {
  const order = calls.map((_, index) => index);
  if (calls.every((call) => call.timestamp !== undefined)) {
    order.sort((a, b) => (calls[a]?.timestamp ?? 0) - (calls[b]?.timestamp ?? 0) || a - b);
  }
  const runs = policies.map((policy) => ({
    policy,
    caches: new Map<CachePolicy, CacheStore>(),
    bills: new Array<CallBill>(calls.length),
  }));
  let time = 0;
  // Each prompt laid out from the one before: a run's prompts mostly grow it.
  let previous: LaidOutPrompt | undefined;
  for (const index of order) {
    const call = calls[index];
    if (call === undefined) continue;
    time = call.timestamp ?? time;
    const layout = layoutPromptAfter(call.prompt, { counter, completion: call.completion }, previous);
    previous = { prompt: call.prompt, layout };
    for (const { policy, caches, bills } of runs) {
      const callPolicy = call.policy ?? policy;
      let cache = caches.get(callPolicy);
      if (cache === undefined) {
        cache = new Map();
        caches.set(callPolicy, cache);
      }
      const split = callPolicy.apply({ layout, time, cache });
      bills[index] = priceBill({
        promptTokens: layout.promptTokens,
        outputTokens: call.outputTokens,
        split,
        price: model.price,
      });
    }
  }
  return runs.map(({ policy, bills }) => ({ policy: policy.name, calls: bills, totals: sumBills(bills) }));
}
