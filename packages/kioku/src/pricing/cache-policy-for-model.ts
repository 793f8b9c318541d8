import { anthropicCachePolicy } from './anthropic-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';
import { deepSeekCachePolicy } from './deepseek-cache-policy.js';
import { geminiCachePolicy } from './gemini-cache-policy.js';
import type { ModelInfo } from './model-info.js';
import { noCachePolicy } from './no-cache-policy.js';
import { openAICachePolicy } from './openai-cache-policy.js';
import { xaiCachePolicy } from './xai-cache-policy.js';

/** Default caching rules by catalog provider key; providers missing here are simulated without caching. */
const policiesByProvider: Readonly<Record<string, () => CachePolicy>> = {
  anthropic: anthropicCachePolicy,
  'google-vertex-anthropic': anthropicCachePolicy,
  openai: openAICachePolicy,
  azure: openAICachePolicy,
  deepseek: deepSeekCachePolicy,
  google: geminiCachePolicy,
  'google-vertex': geminiCachePolicy,
  xai: xaiCachePolicy,
};

/**
 * The caching rules of the provider serving `model`, with default options (Claude models on Amazon Bedrock
 * get Anthropic's, which Bedrock applies to them); `noCachePolicy()` for a provider whose rules are not
 * modelled.
 *
 * @example
 * const policy = cachePolicyForModel(getModelInfo('deepseek-chat')); // deepSeekCachePolicy()
 */
export function cachePolicyForModel(model: Pick<ModelInfo, 'provider'> & { id?: string }): CachePolicy {
  // Claude on Bedrock bills Anthropic's rules: explicit cache points, 1.25× writes, 0.1× reads.
  if (model.provider === 'amazon-bedrock' && /anthropic\.|claude/.test(model.id ?? '')) {
    return anthropicCachePolicy();
  }
  return (policiesByProvider[model.provider] ?? noCachePolicy)();
}
