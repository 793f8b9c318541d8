import { kiokuDefault } from '../strategies/kioku-default/index.js';
import type { Strategy } from '../strategies/strategy.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { thresholdTrigger } from '../triggers/threshold-trigger.js';
import { aiSdkPruneMessages } from './ai-sdk-prune-messages.js';
import { anthropicClearToolUses } from './anthropic-clear-tool-uses.js';
import { langChainContextEditing } from './langchain-context-editing.js';
import { naiveMasking } from './naive-masking.js';
import { openHandsObservationMasking } from './openhands-observation-masking.js';
import type { PeerTrigger } from './peer-trigger.js';
import { sweAgentCacheControl } from './swe-agent-cache-control.js';
import { sweAgentLastObservations } from './swe-agent-last-observations.js';

/** What a catalog entry's `create` may be given. */
export interface BaselineOptions {
  /**
   * The trigger of a peer that edits once the prompt reaches a token count (`documentedTrigger`); default
   * its documented absolute setting. Ignored by the others.
   */
  trigger?: PeerTrigger | undefined;
}

/** A configuration `kioku analyze` can replay, by name. */
export interface BaselineEntry {
  /** The name of the strategy `create` makes, as `--strategies` takes it. */
  name: string;
  /** One line saying what it is and where its defaults come from. */
  description: string;
  /** Whether this is kioku's own default (the others are peers' configurations). */
  kioku: boolean;
  /** The tokens at which the peer's documented default starts editing, for peers with a token trigger. */
  documentedTrigger?: number;
  /**
   * `own` when the configuration's cache breakpoints are its own knob (SWE-agent 1.1's `cache_control`):
   * a replay then bills its markers whatever breakpoint policy the others are put under.
   */
  breakpoints?: 'own';
  /**
   * The trigger the compactor replays it under, as a live agent runs it (kioku's default: the middleware's
   * `thresholdTrigger()`, which asks it for a summary at 80% of the usable window); absent: none, the
   * strategy's own `apply` alone (the peers bring their own triggers).
   */
  compactorTrigger?: () => ProactiveTrigger;
  create: (options?: BaselineOptions) => Strategy<unknown>;
}

/**
 * The share of the context window at which `kioku analyze` and the side-by-side bench put every peer's
 * token trigger: the documented 100,000 tokens are half of the 200,000-token Claude window those defaults
 * were written for.
 */
export const peerTriggerFraction = 0.5;

/** The peers' documented token trigger. */
const documented = 100_000;
const triggerOf = (options: BaselineOptions | undefined): PeerTrigger =>
  options?.trigger ?? { inputTokens: documented };

/**
 * Every configuration kioku compares: its own default, then the peers, each modelled on what its project
 * documents (its default, or, when said so, an opt-in or older configuration and its own caching knobs).
 * The unmanaged history, the reference for every ratio, is `unmanagedBaseline`.
 */
export const baselineCatalog: readonly BaselineEntry[] = [
  {
    name: 'kioku-default',
    description:
      "kioku's default, as kiokuMiddleware() runs it: masking outputs of 64+ tokens (with a digest of their values) and input clearing beyond the last 2 steps, 4 steps at a time when the cache rewrite pays back, cache breakpoints at the masked frontier, and a summary once the prompt reaches 80% of the window (estimated: no model is called; each summary call billed as the instructions and the summarized messages in, at most 1,024 tokens out)",
    kioku: true,
    compactorTrigger: () => thresholdTrigger(),
    create: () => kiokuDefault({ summarizer: 'estimated' }),
  },
  {
    name: 'naive-masking-10',
    description: 'observation masking M = 10 at every turn (arXiv 2508.21433)',
    kioku: false,
    create: naiveMasking,
  },
  {
    name: 'langchain-context-editing',
    description:
      'LangChain.js contextEditingMiddleware defaults: keep 3, "[cleared]", trigger by approximate tokens',
    kioku: false,
    documentedTrigger: documented,
    create: (options) => langChainContextEditing({ trigger: triggerOf(options) }),
  },
  {
    name: 'ai-sdk-prune-messages',
    description:
      "AI SDK loop-control recipe: pruneMessages 'before-last-3-messages', trigger by estimated tokens",
    kioku: false,
    documentedTrigger: documented,
    create: (options) => {
      const trigger = triggerOf(options);
      return aiSdkPruneMessages({ threshold: 'fraction' in trigger ? trigger : trigger.inputTokens });
    },
  },
  {
    name: 'anthropic-clear-tool-uses',
    description: 'Anthropic clear_tool_uses_20250919 defaults: keep 3 tool uses, trigger by input tokens',
    kioku: false,
    documentedTrigger: documented,
    create: (options) => anthropicClearToolUses({ trigger: triggerOf(options) }),
  },
  {
    name: 'anthropic-clear-tool-uses-at-least-5000',
    description:
      "Anthropic clear_tool_uses_20250919 with its caching knob clear_at_least 5,000 tokens (the docs' example)",
    kioku: false,
    documentedTrigger: documented,
    create: (options) => anthropicClearToolUses({ trigger: triggerOf(options), clearAtLeast: 5_000 }),
  },
  {
    name: 'openhands-masking-100',
    description:
      "OpenHands' opt-in observation_masking condenser, attention_window 100 events (not OpenHands' default condenser)",
    kioku: false,
    create: () => openHandsObservationMasking({ attentionWindow: 100 }),
  },
  {
    name: 'swe-agent-1.0-last-5',
    description: 'SWE-agent ≤ 1.0.1 default config: last_n_observations n = 5 (no longer the default)',
    kioku: false,
    create: () => sweAgentLastObservations(),
  },
  {
    name: 'swe-agent-1.0-last-5-polling-8',
    description: 'SWE-agent last_n_observations n = 5 with its caching knob polling: 8',
    kioku: false,
    create: () => sweAgentLastObservations({ polling: 8 }),
  },
  {
    name: 'swe-agent-1.1-default',
    description:
      'SWE-agent ≥ 1.1 default config: no masking, cache_control on the last 2 user/tool messages (its own breakpoints)',
    kioku: false,
    breakpoints: 'own',
    create: () => sweAgentCacheControl(),
  },
];

/** The reference every ratio is measured against: the history sent as it is. */
export function unmanagedBaseline(): Strategy<unknown> {
  return unmanaged();
}

/** The peer configurations (every catalog entry but kioku's own), freshly made with `options`. */
export function peerBaselines(options?: BaselineOptions): Strategy<unknown>[] {
  return baselineCatalog.filter((entry) => !entry.kioku).map((entry) => entry.create(options));
}
