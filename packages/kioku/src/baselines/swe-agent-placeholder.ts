import type { MaskedOutput } from '../strategies/observation-masking/index.js';

/**
 * SWE-agent's placeholder for an elided observation, `Old environment output: (N lines omitted)`
 * (`LastNObservations` in `sweagent/agent/history_processors.py`).
 */
export function sweAgentPlaceholder({ lines }: MaskedOutput): string {
  return `Old environment output: (${lines} lines omitted)`;
}
