import { describe, expect, it } from 'vitest';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import { getModelInfo } from './get-model-info.js';

describe('cachePolicyForModel', () => {
  it('bills Claude on Amazon Bedrock with Anthropic’s explicit cache, as Bedrock does', () => {
    // 30 of the 50 OpenHands claude-3.5-sonnet runs went through Bedrock and were billed cache reads.
    const bedrock = getModelInfo('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrock.provider).toBe('amazon-bedrock');
    expect(cachePolicyForModel(bedrock)).toMatchObject({ name: 'anthropic', breakpoints: 'explicit' });
  });

  it('keeps the provider’s own rules elsewhere, and no cache where none is modelled', () => {
    expect(cachePolicyForModel(getModelInfo('deepseek-chat')).name).toBe('deepseek');
    expect(cachePolicyForModel(getModelInfo('claude-3-5-sonnet-20241022')).name).toBe('anthropic');
    expect(
      cachePolicyForModel({ provider: 'amazon-bedrock', id: 'meta.llama3-70b-instruct-v1:0' }).name,
    ).toBe('none');
  });
});
