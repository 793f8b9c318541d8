import type { LanguageModel } from 'ai';
import { ConfigurationError } from 'kioku';
import { type ModelOption, modelFromOptions } from './model-option.js';

/**
 * The model `--model` (or `INVESTIGATOR_MODEL`) names, for a command that cannot work without one;
 * throws a `ConfigurationError` saying how to give one (a local server or a key).
 */
export async function requireModel(
  options: ModelOption,
  command: string,
): Promise<Exclude<LanguageModel, string>> {
  const model = await modelFromOptions(options);
  if (model === undefined || typeof model === 'string') {
    throw new ConfigurationError({
      name: 'MissingModelError',
      message: `${command} needs a model: pass --model (e.g. openai-compatible:qwen2.5-7b-instruct --base-url http://127.0.0.1:8000/v1 for a local server, or openai:gpt-4.1-mini with OPENAI_API_KEY) or set INVESTIGATOR_MODEL`,
    });
  }
  return model;
}
