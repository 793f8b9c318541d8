import { counterForModel } from './counter-for-model.js';
import type { TokenCounter } from './token-counter.js';

/**
 * The counter for a model id (see `counterForModel`) with its vocabulary already loaded, so that no
 * later count stalls. Parsing a vocabulary is synchronous work (about 1 s for o200k, several for
 * DeepSeek V3's on a busy machine): await this once at startup, before serving requests, rather than let
 * the first count of a live request pay for it. The load starts after the current turn of the event
 * loop, so work already queued runs first; it happens once per family.
 *
 * @example
 * const counter = await loadCounter('deepseek-chat'); // at startup
 * counter.countPrompt({ messages }); // no load here
 */
export async function loadCounter(modelId: string | undefined): Promise<TokenCounter> {
  const counter = counterForModel(modelId);
  await new Promise<void>((resolve) => setImmediate(resolve));
  counter.countText('');
  return counter;
}
