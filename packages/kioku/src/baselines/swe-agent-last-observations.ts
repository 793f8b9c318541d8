import { observationMasking } from '../strategies/observation-masking/index.js';
import { renamed } from '../strategies/renamed/renamed.js';
import type { Strategy } from '../strategies/strategy.js';
import { sweAgentPlaceholder } from './swe-agent-placeholder.js';

/**
 * SWE-agent's default history processor: `last_n_observations` with `n: 5` (`config/default.yaml`,
 * SWE-agent 1.0, commit 2390313). `LastNObservations` (`sweagent/agent/history_processors.py`) keeps the
 * first observation (the task) and the last `n`, and replaces the content of every other observation with
 * `Old environment output: (N lines omitted)`, recomputed at every step, so the window moves at every
 * call. Here observations are tool results; the task is the first user message, which every kioku
 * strategy keeps.
 *
 * @example
 * const strategy = sweAgentLastObservations(); // name 'swe-agent-last-5'
 */
export function sweAgentLastObservations(): Strategy<unknown> {
  return renamed(
    observationMasking({ keep: 5, minTokens: 0, batchSize: 1, placeholder: sweAgentPlaceholder }),
    'swe-agent-last-5',
  );
}
