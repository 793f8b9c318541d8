import type { LanguageModel } from 'ai';
import { counterForModel } from 'kioku';
import { modelPrice } from './model-price.js';

/**
 * Loads now what a chat turn with `model` would otherwise load on the event loop during the first turn,
 * while requests wait: the tokenizer vocabulary of its family and kioku's model catalog (the price). A
 * server calls it once while it is built, before it listens. Never throws: a vocabulary that cannot be
 * read is left to the turn, which reports it as before.
 *
 * @example
 * warmChatModel(model); // while the server is built
 */
export function warmChatModel(model: Exclude<LanguageModel, string>): void {
  try {
    counterForModel(model.modelId).countText('');
  } catch {
    // The turn's own count reports what is missing.
  }
  modelPrice(model);
}
