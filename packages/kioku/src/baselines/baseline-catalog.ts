import { kiokuDefault } from '../strategies/kioku-default/index.js';
import type { Strategy } from '../strategies/strategy.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { aiSdkPruneMessages } from './ai-sdk-prune-messages.js';
import { anthropicClearToolUses } from './anthropic-clear-tool-uses.js';
import { langChainContextEditing } from './langchain-context-editing.js';
import { naiveMasking } from './naive-masking.js';
import { openHandsObservationMasking } from './openhands-observation-masking.js';
import { sweAgentLastObservations } from './swe-agent-last-observations.js';

/** A configuration `kioku analyze` can replay, by name. */
export interface BaselineEntry {
  /** The name of the strategy `create` makes, as `--strategies` takes it. */
  name: string;
  /** One line saying what it is and where its defaults come from. */
  description: string;
  /** Whether this is kioku's own default (the others are peers' documented defaults). */
  kioku: boolean;
  create: () => Strategy<unknown>;
}

/**
 * Every configuration kioku compares: its own default, then the peer baselines, each modelled on the
 * defaults its project documents. The unmanaged history, the reference for every ratio, is
 * `unmanagedBaseline`.
 */
export const baselineCatalog: readonly BaselineEntry[] = [
  {
    name: 'kioku-default',
    description:
      "kioku's default: masking and input clearing beyond the last 2 tool uses, 4 at a time, with cache breakpoints at the masked frontier",
    kioku: true,
    create: kiokuDefault,
  },
  {
    name: 'naive-masking-10',
    description: 'observation masking M = 10 at every turn (arXiv 2508.21433)',
    kioku: false,
    create: naiveMasking,
  },
  {
    name: 'langchain-context-editing',
    description: 'LangChain.js contextEditingMiddleware defaults: 100k approx. tokens, keep 3, "[cleared]"',
    kioku: false,
    create: langChainContextEditing,
  },
  {
    name: 'ai-sdk-prune-messages',
    description:
      "AI SDK loop-control recipe: pruneMessages 'before-last-3-messages' above 100k estimated tokens",
    kioku: false,
    create: aiSdkPruneMessages,
  },
  {
    name: 'anthropic-clear-tool-uses',
    description: 'Anthropic clear_tool_uses_20250919 defaults: 100k input tokens, keep 3 tool uses',
    kioku: false,
    create: anthropicClearToolUses,
  },
  {
    name: 'openhands-masking-100',
    description: 'OpenHands observation_masking condenser, attention_window 100 events',
    kioku: false,
    create: () => openHandsObservationMasking({ attentionWindow: 100 }),
  },
  {
    name: 'swe-agent-last-5',
    description: 'SWE-agent default history processor last_n_observations, n = 5',
    kioku: false,
    create: sweAgentLastObservations,
  },
];

/** The reference every ratio is measured against: the history sent as it is. */
export function unmanagedBaseline(): Strategy<unknown> {
  return unmanaged();
}

/** The peer baselines (every catalog entry but kioku's own), freshly made. */
export function peerBaselines(): Strategy<unknown>[] {
  return baselineCatalog.filter((entry) => !entry.kioku).map((entry) => entry.create());
}
