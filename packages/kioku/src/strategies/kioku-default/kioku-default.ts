import { cacheBreakpoints } from '../cache-breakpoints/index.js';
import { observationMasking } from '../observation-masking/index.js';
import { pipeline } from '../pipeline/index.js';
import { renamed } from '../renamed/index.js';
import type { Strategy } from '../strategy.js';
import { toolInputClearing } from '../tool-input-clearing/index.js';

/** Tool outputs (and tool-call inputs) kept verbatim, counted from the newest. */
const keep = 2;
/** Outputs masked (and inputs cleared) at once: the cached prefix is rewritten once per 4 tool uses. */
const batchSize = 4;

/**
 * kioku's default context management, the configuration `kioku analyze` marks and benchmarks against the
 * peer baselines. Three cache-aware parts, tuned on half of the dev trajectories (mini-swe-agent
 * deepseek-chat and OpenHands claude-3.5-sonnet runs, alternate runs by id) and checked on the other
 * half (`bench/strategies/replay.mjs`):
 *
 * - **observation masking**, `keep` 2, `batchSize` 4: the newest 2 to 5 tool outputs stay verbatim, older
 *   ones (64 tokens or more) become a one-line placeholder, 4 at a time; the agent's reasoning and actions
 *   stay;
 * - **tool-input clearing** on the same window and cadence: tool-call inputs of 64 tokens or more beyond
 *   it (files written through heredocs, long scripts) keep their first line and say how much was cut;
 * - **cache breakpoints** (`cacheBreakpoints`): the last edited message, the end of a prefix that stays
 *   the same until the next batch, carries an Anthropic breakpoint, so a batch rewrites only what follows
 *   the previous batch instead of the whole prompt, and calls between batches read everything before
 *   their new messages.
 *
 * Why these numbers: with the frontier breakpoint a batch costs a cache write of the outputs kept after
 * it, so a small `keep` is what makes masking pay once caching is priced (`keep` 3 stays above 0.8× the
 * unmanaged cached cost on the OpenHands runs, whose outputs are large), and 4 is the batch size the
 * cost model bills cheapest for `keep` 2 (2, 3, 4, 6 and 8 tried). `keep` 1 is cheaper still but would
 * leave the agent a single verbatim output.
 *
 * @example
 * const strategy = kiokuDefault(); // name 'kioku-default'
 */
export function kiokuDefault(): Strategy<unknown> {
  return renamed(
    cacheBreakpoints(
      pipeline(
        toolInputClearing({ keep, batchSize, minTokens: 64 }),
        observationMasking({ keep, batchSize, minTokens: 64 }),
      ),
    ),
    'kioku-default',
  );
}
