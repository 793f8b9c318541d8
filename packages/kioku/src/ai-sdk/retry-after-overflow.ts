import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { ContextOverflowError } from '../errors/context-overflow-error.js';
import type { ContextOverflow } from '../overflow/context-overflow.js';
import type { KiokuEvent } from './kioku-event.js';
import { compactionCanHelp } from './recovery-budget.js';

/** A compacted call to retry with. */
export interface Recovery {
  params: LanguageModelV4CallOptions;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * After a failed call: when `error` is a context overflow, compacts (`recover`) and calls again, up to
 * `maxRetries` times, never more; throws `ContextOverflowError` (the provider's error as its `cause`)
 * when the retries are spent or compacting cannot help, and any other error as it is.
 */
export async function retryAfterOverflow<Result>({
  error,
  maxRetries,
  detect,
  recover,
  call,
  onEvent,
}: {
  error: unknown;
  maxRetries: number;
  detect: (error: unknown) => ContextOverflow | undefined;
  recover: (overflow: ContextOverflow) => Promise<Recovery>;
  call: (params: LanguageModelV4CallOptions) => PromiseLike<Result>;
  onEvent?: ((event: KiokuEvent) => void) | undefined;
}): Promise<Result> {
  let failure = error;
  for (let attempt = 1; ; attempt += 1) {
    const overflow = detect(failure);
    if (overflow === undefined) throw failure;
    onEvent?.({ type: 'overflow-detected', overflow, attempt });
    const figures = {
      provider: overflow.provider,
      tokensSent: overflow.tokensSent,
      tokenLimit: overflow.tokenLimit,
    };
    if (!compactionCanHelp(overflow)) {
      throw new ContextOverflowError({
        ...figures,
        attempts: attempt - 1,
        reason: `the completion it reserves (${overflow.completionTokens} tokens) fills the window alone, so no compaction can help: lower maxOutputTokens`,
        cause: failure,
      });
    }
    if (attempt > maxRetries) {
      throw new ContextOverflowError({
        ...figures,
        attempts: maxRetries,
        reason:
          maxRetries === 0
            ? 'compacting and retrying after an overflow is off (maxRetries: 0)'
            : `still too long after ${maxRetries} compaction${maxRetries === 1 ? '' : 's'} and ${maxRetries === 1 ? 'retry' : 'retries'}; use a model with a larger window or a more aggressive strategy`,
        cause: failure,
      });
    }
    const recovery = await recover(overflow);
    onEvent?.({
      type: 'retry',
      attempt,
      maxRetries,
      tokensBefore: recovery.tokensBefore,
      tokensAfter: recovery.tokensAfter,
    });
    try {
      return await call(recovery.params);
    } catch (next) {
      failure = next;
    }
  }
}
