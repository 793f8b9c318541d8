import { anthropicMediaTokens } from './anthropic-media-tokens.js';
import { createBytesCounter } from './bytes-counter.js';
import { createClaudeCounter } from './claude-counter.js';
import { createDeepSeekCounter } from './deepseek-counter.js';
import { geminiMediaTokens } from './gemini-media-tokens.js';
import type { MediaTokens } from './media-part.js';
import { type ModelFamily, modelFamily } from './model-family.js';
import { createOpenAICounter } from './openai-counter.js';
import { openAIMediaTokens } from './openai-media-tokens.js';
import { createQwenCounter } from './qwen-counter.js';
import type { TokenCounter } from './token-counter.js';
import { hasVocabulary, type VocabularyName, vocabularyPath } from './vocabulary-tokenizer.js';

interface Family {
  /** The vocabulary the family counts with; none for the bytes estimates. */
  vocabulary?: VocabularyName;
  /** What images and documents cost, also when the vocabulary is missing. */
  mediaTokens: MediaTokens;
  make: () => TokenCounter;
}

const families: Record<ModelFamily, Family> = {
  'deepseek-v3': {
    vocabulary: 'deepseek-v3',
    mediaTokens: openAIMediaTokens,
    make: () => createDeepSeekCounter(),
  },
  claude: {
    vocabulary: 'claude-legacy',
    mediaTokens: anthropicMediaTokens,
    make: () => createClaudeCounter(),
  },
  o200k: {
    vocabulary: 'o200k_base',
    mediaTokens: openAIMediaTokens,
    make: () => createOpenAICounter({ encoding: 'o200k_base' }),
  },
  cl100k: {
    vocabulary: 'cl100k_base',
    mediaTokens: openAIMediaTokens,
    make: () => createOpenAICounter({ encoding: 'cl100k_base' }),
  },
  qwen: { vocabulary: 'qwen2.5', mediaTokens: openAIMediaTokens, make: () => createQwenCounter() },
  // Gemini's vocabulary is not published: the bytes estimate, with Gemini's media rules.
  gemini: {
    mediaTokens: geminiMediaTokens,
    make: () => createBytesCounter({ family: 'gemini', mediaTokens: geminiMediaTokens }),
  },
  bytes: { mediaTokens: openAIMediaTokens, make: () => createBytesCounter() },
};

/**
 * The counter of `family`; when its vocabulary file is missing (a bundle without kioku's data files), the
 * calibrated bytes estimate (`exact: false`), with a process warning `KIOKU_VOCABULARY_MISSING` naming the
 * file. Not cached: `counterForModel` shares one per family, so the warning is given once.
 */
export function createCounterForFamily(family: ModelFamily): TokenCounter {
  const { vocabulary, mediaTokens, make } = families[family];
  if (vocabulary === undefined || hasVocabulary(vocabulary)) return make();
  process.emitWarning(
    `kioku counts ${family} prompts with the bytes estimate: the ${vocabulary} vocabulary is missing (${vocabularyPath(vocabulary)}). Reinstall kioku, or, when bundling, copy kioku's dist/tokens/vocabularies and set KIOKU_VOCABULARY_DIR to it.`,
    { code: 'KIOKU_VOCABULARY_MISSING' },
  );
  return createBytesCounter({ mediaTokens });
}

/** The vocabulary the counter of `family` counts with, if any. */
export function familyVocabulary(family: ModelFamily): VocabularyName | undefined {
  return families[family].vocabulary;
}

const shared = new Map<ModelFamily, TokenCounter>();

/**
 * The counter for a model id: DeepSeek V3.x, Claude, OpenAI o200k or cl100k, Qwen, Gemini (an estimate), or,
 * for an unknown model, the bytes-based estimate, which says so with `exact: false`. Counters are shared per
 * family, so their per-message caches are too; a vocabulary is loaded on the first count (tens of
 * milliseconds), not here. When a family's vocabulary file is missing, its counter is the bytes estimate
 * and a `KIOKU_VOCABULARY_MISSING` warning says so, once.
 *
 * @example
 * const counter = counterForModel('anthropic/claude-3-5-sonnet-20241022');
 * counter.family; // 'claude'
 * counter.countPrompt({ messages, tools });
 */
export function counterForModel(modelId: string | undefined): TokenCounter {
  const family = modelFamily(modelId);
  let counter = shared.get(family);
  if (counter === undefined) {
    counter = createCounterForFamily(family);
    shared.set(family, counter);
  }
  return counter;
}
