import type { LanguageModel } from 'ai';
import { getModelInfo, type ModelPrice, UnknownModelError } from 'kioku';

/**
 * The prices of a model from kioku's catalog (models.dev, with kioku's additions), or `undefined` for a
 * model it does not know (a local server's): its conversations are then counted in tokens, not dollars.
 *
 * @example
 * const price = modelPrice(model); // undefined for openai-compatible:qwen2.5-7b-instruct
 */
export function modelPrice(model: LanguageModel): ModelPrice | undefined {
  const modelId = typeof model === 'string' ? model : model.modelId;
  try {
    return getModelInfo(modelId).price;
  } catch (error) {
    if (UnknownModelError.isInstance(error)) return undefined;
    throw error;
  }
}
