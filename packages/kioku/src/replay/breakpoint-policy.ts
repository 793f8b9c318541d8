import type { ModelMessage } from 'ai';
import { placeCacheBreakpoints } from '../pricing/place-cache-breakpoints.js';
import { cacheBreakpoints } from '../strategies/cache-breakpoints/index.js';
import { renamed } from '../strategies/renamed/index.js';
import type { Strategy } from '../strategies/strategy.js';
import type { ReplayPricing } from './replay-pricing.js';

/**
 * Where a replay puts the Anthropic cache breakpoints of every strategy's prompts, for pricings whose cache
 * only stores marked prefixes (automatic caches ignore markers):
 *
 * - `agent`: the agents' rule (`placeCacheBreakpoints`: system prompt + the latest 3 user or tool
 *   messages), for every strategy alike, kioku's default included (its own markers are replaced);
 * - `frontier`: kioku's frontier placement (`cacheBreakpoints`: the last edited message, which ends a
 *   prefix that stays until the next edit) for every strategy alike; a strategy that places its own
 *   breakpoints keeps them;
 * - `none`: no breakpoint at all, so an explicit cache reads nothing;
 * - `own`: each strategy as it would run: its own markers when it `placesCacheBreakpoints`, else the
 *   agents' rule (unequal terms when only some strategies place their own; `replayTranscript`'s default).
 */
export type BreakpointPolicy = 'agent' | 'frontier' | 'none' | 'own';

/** The policies applied to every strategy alike, as `kioku analyze --breakpoints` takes them. */
export const equalBreakpointPolicies = ['agent', 'frontier', 'none'] as const;

/** What a policy does to one strategy's replay: the strategy run, and how its prompts are re-marked. */
export interface BreakpointPlan {
  /** The strategy to run (wrapped by `cacheBreakpoints` under `frontier`), under the same name. */
  strategy: Strategy<unknown>;
  /** Re-marks each managed prompt before billing; undefined: billed with the markers it carries. */
  mark: ((messages: readonly ModelMessage[]) => ModelMessage[]) | undefined;
}

const unmark = (messages: readonly ModelMessage[]): ModelMessage[] =>
  placeCacheBreakpoints(messages, { system: false, recent: 0 });

/**
 * How `policy` applies to `strategy` under `pricing`. Automatic caches (no `pricing.markBreakpoints`)
 * ignore markers: every policy then runs the strategy as it is and leaves its prompts unmarked.
 */
export function breakpointPlan(
  policy: BreakpointPolicy,
  strategy: Strategy<unknown>,
  pricing: ReplayPricing,
): BreakpointPlan {
  const agents = pricing.markBreakpoints;
  if (agents === undefined) return { strategy, mark: undefined };
  switch (policy) {
    case 'agent':
      return { strategy, mark: agents };
    case 'none':
      return { strategy, mark: unmark };
    case 'frontier':
      return strategy.placesCacheBreakpoints === true
        ? { strategy, mark: undefined }
        : { strategy: renamed(cacheBreakpoints(strategy), strategy.name), mark: undefined };
    case 'own':
      return { strategy, mark: strategy.placesCacheBreakpoints === true ? undefined : agents };
  }
}
