import type { LanguageModel } from 'ai';
import { getModelInfo } from '../../../pricing/get-model-info.js';

/**
 * The context window of a summarizer model, from the model catalog (`getModelInfo`) by its id, or
 * `undefined` when the catalog does not know it.
 */
export function summarizerWindow(model: LanguageModel): number | undefined {
  const id = typeof model === 'string' ? model : model.modelId;
  try {
    return getModelInfo(id).contextWindow;
  } catch {
    return undefined;
  }
}
