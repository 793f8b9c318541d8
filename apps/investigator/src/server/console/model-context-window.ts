import type { LanguageModel } from 'ai';
import { getModelInfo, UnknownModelError } from 'kioku';

/**
 * The chat model's window, as the chat's kioku middleware takes it: `configured` when given, else kioku's
 * catalog, else 32,768 (a model the catalog does not know, or none).
 */
export function modelContextWindow(model: LanguageModel | undefined, configured?: number): number {
  if (configured !== undefined) return configured;
  if (model === undefined) return 32_768;
  try {
    return getModelInfo(typeof model === 'string' ? model : model.modelId).contextWindow;
  } catch (error) {
    if (UnknownModelError.isInstance(error)) return 32_768;
    throw error;
  }
}
