import { observationMasking } from '../strategies/observation-masking/index.js';
import { renamed } from '../strategies/renamed/renamed.js';
import type { Strategy } from '../strategies/strategy.js';
import { sweAgentPlaceholder } from './swe-agent-placeholder.js';

/**
 * Naive observation masking with M = 10, as evaluated in Lindenbauer et al., "The Complexity Trap: Simple
 * Observation Masking Is as Efficient as LLM Summarization for Agent Context Management" (arXiv
 * 2508.21433, v3, 2025), built on SWE-agent's `last_n_observations` history processor: every tool output
 * but the latest 10 becomes SWE-agent's one-line placeholder, whatever its size, and the window moves at
 * every call, so the oldest kept output is masked at every turn (no batching).
 *
 * @example
 * const strategy = naiveMasking(); // name 'naive-masking-10'
 */
export function naiveMasking(): Strategy<unknown> {
  return renamed(
    observationMasking({ keep: 10, minTokens: 0, batchSize: 1, placeholder: sweAgentPlaceholder }),
    'naive-masking-10',
  );
}
