import { observationMasking } from '../strategies/observation-masking/index.js';
import { renamed } from '../strategies/renamed/renamed.js';
import type { Strategy } from '../strategies/strategy.js';
import { sweAgentPlaceholder } from './swe-agent-placeholder.js';

/** Options of {@link sweAgentLastObservations}; the defaults are SWE-agent 1.0's `config/default.yaml`. */
export interface SweAgentLastObservationsOptions {
  /** Observations kept; default 5. */
  n?: number;
  /**
   * `polling`: the window's edge moves this many observations at a time, so the cached prefix is
   * rewritten once per `polling` steps (between `n` and `n + polling - 1` observations stay). Default 1.
   */
  polling?: number;
}

/**
 * SWE-agent's history processor `last_n_observations` as its default configuration up to 1.0.1 set it,
 * `n: 5` (`config/default.yaml`, SWE-agent 1.0, commit 2390313; since 1.1.0 the default config masks
 * nothing, see `sweAgentCacheControl`). `LastNObservations` (`sweagent/agent/history_processors.py`)
 * keeps the first observation (the task) and the last `n`, and replaces the content of every other
 * observation with `Old environment output: (N lines omitted)`, recomputed at every step. With `polling`
 * the edge moves `polling` observations at a time; SWE-agent counts the task among the observations, so
 * the steps at which its edge moves may differ from this one's by up to `polling - 1`. Observations are
 * tool results here; the task is the first user message, which every kioku strategy keeps.
 *
 * @example
 * const strategy = sweAgentLastObservations(); // name 'swe-agent-1.0-last-5'
 * const polled = sweAgentLastObservations({ polling: 8 }); // name 'swe-agent-1.0-last-5-polling-8'
 */
export function sweAgentLastObservations({
  n = 5,
  polling = 1,
}: SweAgentLastObservationsOptions = {}): Strategy<unknown> {
  return renamed(
    observationMasking({ keep: n, minTokens: 0, batchSize: polling, placeholder: sweAgentPlaceholder }),
    `swe-agent-1.0-last-${n}${polling > 1 ? `-polling-${polling}` : ''}`,
  );
}
