import { anthropicOverflowDetector } from './anthropic-overflow-detector.js';
import { bedrockOverflowDetector } from './bedrock-overflow-detector.js';
import { deepSeekOverflowDetector } from './deepseek-overflow-detector.js';
import { geminiOverflowDetector } from './gemini-overflow-detector.js';
import { llamaCppOverflowDetector } from './llama-cpp-overflow-detector.js';
import { ollamaOverflowDetector } from './ollama-overflow-detector.js';
import { openAIOverflowDetector } from './openai-overflow-detector.js';
import type { OverflowDetector } from './overflow-detector.js';
import { vllmOverflowDetector } from './vllm-overflow-detector.js';

/**
 * One detector per provider kioku knows: Gemini, OpenAI, Anthropic, Bedrock, DeepSeek, Ollama, vLLM,
 * llama.cpp. The order settles which provider names an error two of them recognise (Bedrock before
 * Anthropic, Ollama before llama.cpp, the specific servers before OpenAI's shared wording) when the
 * model's provider id does not.
 */
export function defaultOverflowDetectors(): OverflowDetector[] {
  return [
    geminiOverflowDetector(),
    bedrockOverflowDetector(),
    anthropicOverflowDetector(),
    ollamaOverflowDetector(),
    llamaCppOverflowDetector(),
    vllmOverflowDetector(),
    openAIOverflowDetector(),
    deepSeekOverflowDetector(),
  ];
}
