import { counterForModel, familyVocabulary } from './counter-for-model.js';
import { modelFamily } from './model-family.js';
import type { TokenCounter } from './token-counter.js';
import { hasVocabulary, loadVocabularyTokenizer } from './vocabulary-tokenizer.js';

/** Options of {@link loadCounter}. */
export interface LoadCounterOptions {
  /** Stops waiting: the promise rejects with the signal's reason (the counter stays usable). */
  abortSignal?: AbortSignal;
}

/**
 * The counter for a model id (see `counterForModel`) with its vocabulary already loaded, so that no
 * later count pays for it. The file is read and decompressed off the event loop; only building its index
 * (a few to tens of milliseconds) runs on it. Without this, the first count loads the vocabulary
 * synchronously, which costs the same tens of milliseconds once.
 *
 * @example
 * const counter = await loadCounter('deepseek-chat', { abortSignal }); // at startup
 * counter.countPrompt({ messages }); // no load here
 */
export async function loadCounter(
  modelId: string | undefined,
  { abortSignal }: LoadCounterOptions = {},
): Promise<TokenCounter> {
  abortSignal?.throwIfAborted();
  const counter = counterForModel(modelId);
  const vocabulary = familyVocabulary(modelFamily(modelId));
  if (vocabulary !== undefined && hasVocabulary(vocabulary)) {
    await loadVocabularyTokenizer(vocabulary, { ...(abortSignal === undefined ? {} : { abortSignal }) });
  }
  abortSignal?.throwIfAborted();
  counter.countText('');
  return counter;
}
