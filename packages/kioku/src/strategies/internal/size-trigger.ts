import type { ProactiveTrigger } from '../../triggers/proactive-trigger.js';
import { thresholdTrigger } from '../../triggers/threshold-trigger.js';
import { tokenTrigger } from '../../triggers/token-trigger.js';
import { checkCount, checkFraction } from './check-option.js';

/** A strategy's "when" by prompt size: a trigger object, or its literal forms. */
export type SizeTriggerOption = { inputTokens: number } | { fraction: number } | ProactiveTrigger;

/** True for a trigger object (`thresholdTrigger()`, `tokenTrigger()`, your own `ProactiveTrigger`). */
export function isProactiveTrigger(value: unknown): value is ProactiveTrigger {
  const candidate = value as Partial<ProactiveTrigger> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.shouldCompact === 'function' &&
    typeof candidate.target === 'function'
  );
}

/**
 * The trigger object behind a strategy's `trigger` option (or the option named `name`), checked in the
 * strategy's name: `{ fraction }` is `thresholdTrigger({ fraction })` (0: at every call), `{ inputTokens }`
 * is `tokenTrigger(...)`, and a trigger object is itself.
 */
export function sizeTrigger(strategy: string, option: SizeTriggerOption, name = 'trigger'): ProactiveTrigger {
  if (isProactiveTrigger(option)) return option;
  if ('fraction' in option) {
    checkFraction({ strategy, option: `${name}.fraction`, value: option.fraction });
    return option.fraction === 0
      ? tokenTrigger({ inputTokens: 0 })
      : thresholdTrigger({ fraction: option.fraction });
  }
  checkCount({ strategy, option: `${name}.inputTokens`, value: option.inputTokens });
  return tokenTrigger({ inputTokens: option.inputTokens });
}
