import { createBytesCounter } from './bytes-counter.js';
import { createClaudeCounter } from './claude-counter.js';
import { createDeepSeekCounter } from './deepseek-counter.js';
import { geminiMediaTokens } from './gemini-media-tokens.js';
import { type ModelFamily, modelFamily } from './model-family.js';
import { createOpenAICounter } from './openai-counter.js';
import { createQwenCounter } from './qwen-counter.js';
import type { TokenCounter } from './token-counter.js';

const factories: Record<ModelFamily, () => TokenCounter> = {
  'deepseek-v3': () => createDeepSeekCounter(),
  claude: () => createClaudeCounter(),
  o200k: () => createOpenAICounter({ encoding: 'o200k_base' }),
  cl100k: () => createOpenAICounter({ encoding: 'cl100k_base' }),
  qwen: () => createQwenCounter(),
  // Gemini's vocabulary is not published: the bytes estimate, with Gemini's media rules.
  gemini: () => createBytesCounter({ family: 'gemini', mediaTokens: geminiMediaTokens }),
  bytes: () => createBytesCounter(),
};

const shared = new Map<ModelFamily, TokenCounter>();

/**
 * The counter for a model id: DeepSeek V3.x, Claude, OpenAI o200k or cl100k, Qwen, Gemini (an estimate), or,
 * for an unknown model,
 * the bytes-based estimate, which says so with `exact: false`. Counters are shared per family, so their
 * per-message caches are too; a vocabulary is loaded on the first count, not here.
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
    counter = factories[family]();
    shared.set(family, counter);
  }
  return counter;
}
