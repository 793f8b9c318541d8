/** The token-counting families this package knows. `bytes` is the estimate for unknown models. */
export type ModelFamily = 'deepseek-v3' | 'claude' | 'o200k' | 'cl100k' | 'qwen' | 'gemini' | 'bytes';

const patterns: ReadonlyArray<readonly [ModelFamily, RegExp]> = [
  ['deepseek-v3', /^deepseek[-_.]?(chat|reasoner|v3|r1(?!.*distill))/],
  ['claude', /(^|\.)claude/],
  ['o200k', /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[1-9](-|$))/],
  ['cl100k', /^(gpt-4|gpt-3\.5|gpt-35|text-embedding-3|text-embedding-ada-002)/],
  ['qwen', /^(qwen|qwq)/],
  ['gemini', /^gemini/],
];

/**
 * The family of a model id, with or without a provider prefix (`deepseek-chat`, `gpt-4o`,
 * `openai:gpt-5`, `anthropic/claude-3-5-sonnet-20241022`, `bedrock/us.anthropic.claude-3-7-sonnet-…`,
 * `ollama_chat/qwen2.5:7b`, `hosted_vllm/Qwen/Qwen3-8B`);
 * `bytes` when no family matches.
 */
export function modelFamily(modelId: string | undefined): ModelFamily {
  if (modelId === undefined) return 'bytes';
  const segments = modelId.toLowerCase().split(/[/:]/);
  for (const [family, pattern] of patterns) {
    if (segments.some((segment) => pattern.test(segment))) return family;
  }
  return 'bytes';
}
