import type { LanguageModel } from 'ai';
import {
  detectContextOverflow,
  generalPrompt,
  observationMasking,
  type Strategy,
  securityInvestigationPrompt,
  summarization,
  truncation,
} from '../index.js';

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
  }): Strategy<unknown>;
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
      }) as Strategy<unknown>,
  },
  'observation-masking': {
    needsModel: false,
    create: () => observationMasking() as Strategy<unknown>,
  },
  truncation: { needsModel: false, create: () => truncation() as Strategy<unknown> },
} satisfies Record<string, CompactStrategyEntry>;

/** A strategy name `kioku compact` accepts. */
export type CompactStrategyName = keyof typeof compactStrategies;
