import type { LanguageModel } from 'ai';
import type { OnDemandStrategy } from '../ai-sdk/index.js';
import { observationMasking, truncation } from '../strategies/index.js';
import { generalPrompt, securityInvestigationPrompt, summarization } from '../summarization/index.js';
import { detectContextOverflow } from '../triggers/index.js';

/** The summary prompts `--prompt` names. */
export const summaryPrompts = { general: generalPrompt, security: securityInvestigationPrompt } as const;

/** A strategy `kioku compact --strategy` can name, and whether it needs `--model` to be callable. */
interface CompactStrategyEntry {
  needsModel: boolean;
  create(options: {
    model: LanguageModel | undefined;
    prompt: string;
    /** The summarizer's context window (`--context-window`, else the catalog's). */
    contextWindow: number;
  }): OnDemandStrategy<unknown>;
}

/** The strategies of `kioku compact`, by name. */
export const compactStrategies = {
  summarization: {
    needsModel: true,
    create: ({ model, prompt, contextWindow }) =>
      summarization({
        model: model as LanguageModel,
        prompt,
        contextWindow,
        // The summarizer's own overflow splits its input (map-reduce) instead of failing.
        isOverflowError: (error) => detectContextOverflow(error) !== undefined,
      }) as OnDemandStrategy<unknown>,
  },
  'observation-masking': {
    needsModel: false,
    create: () => observationMasking() as OnDemandStrategy<unknown>,
  },
  truncation: { needsModel: false, create: () => truncation() as OnDemandStrategy<unknown> },
} satisfies Record<string, CompactStrategyEntry>;

/** A strategy name `kioku compact` accepts. */
export type CompactStrategyName = keyof typeof compactStrategies;
