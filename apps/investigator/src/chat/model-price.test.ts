import { scriptedModel } from 'kioku/test';
import { describe, expect, it } from 'vitest';
import { modelPrice } from './model-price.js';

describe('modelPrice', () => {
  it('prices a model kioku’s catalog knows, and leaves an unknown one unpriced', () => {
    expect(
      modelPrice(scriptedModel({ replies: [{ text: '' }], modelId: 'gpt-4.1' }))?.inputPerToken,
    ).toBeGreaterThan(0);
    expect(
      modelPrice(scriptedModel({ replies: [{ text: '' }], modelId: 'qwen-local-finetune-7' })),
    ).toBeUndefined();
  });
});
