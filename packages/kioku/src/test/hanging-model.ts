import { MockLanguageModelV4 } from 'ai/test';

/**
 * A model that never answers, as a hung provider: each call waits until its abort signal fires (at
 * once when it already has) and rejects with the signal's reason. `signals` records each call's signal.
 */
export function hangingModel(): { model: MockLanguageModelV4; signals: (AbortSignal | undefined)[] } {
  const signals: (AbortSignal | undefined)[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: ({ abortSignal }) => {
      signals.push(abortSignal);
      return new Promise((_, reject) => {
        if (abortSignal?.aborted === true) reject(abortSignal.reason);
        abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true });
      });
    },
  });
  return { model, signals };
}
