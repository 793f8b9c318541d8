import { observationMasking } from '../strategies/observation-masking/index.js';
import type { Strategy } from '../strategies/strategy.js';
import { renamed } from './renamed.js';

/**
 * kioku's default context management, the configuration `kioku analyze` marks and benchmarks against the
 * peer baselines: observation masking with cache-aware batching (the last 10 tool outputs kept verbatim,
 * older ones masked 10 at a time, so the provider's cached prefix is rewritten once per 10 outputs).
 *
 * @example
 * const strategy = kiokuDefault(); // name 'kioku-default'
 */
export function kiokuDefault(): Strategy<unknown> {
  return renamed(observationMasking({ keep: 10, batchSize: 10 }), 'kioku-default');
}
