import { describe, expect, it } from 'vitest';
import { recoveryBudget } from './recovery-budget.js';

describe('recoveryBudget', () => {
  it('targets under the stated limit when the counter counts more than the provider said', () => {
    // The 4,097-token OpenAI fixture (3,120 in the messages, 1,000 in the completion) against a prompt
    // the counter puts at 131,774 tokens: the budget must not grow by that ratio.
    const { budget, target } = recoveryBudget({
      overflow: {
        provider: 'openai',
        message: "This model's maximum context length is 4097 tokens.",
        tokensSent: 4120,
        tokenLimit: 4097,
        promptTokens: 3120,
        completionTokens: 1000,
      },
      counted: 131_774,
      budget: { contextWindow: 200_000 },
      trigger: undefined,
    });
    expect(budget.contextWindow).toBe(3097);
    expect(target).toBeLessThanOrEqual(3097);
  });

  it('shrinks the budget when the counter counts less than the provider', () => {
    const { budget } = recoveryBudget({
      overflow: { provider: 'anthropic', message: 'prompt is too long', tokensSent: 2000, tokenLimit: 1000 },
      counted: 1500,
      budget: { contextWindow: 200_000 },
      trigger: undefined,
    });
    expect(budget.contextWindow).toBe(750);
  });
});
