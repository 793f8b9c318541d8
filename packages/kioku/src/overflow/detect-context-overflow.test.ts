import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { errorFixture, errorFixtures, fixtureError } from '../test/error-fixture.js';
import { detectContextOverflow } from './detect-context-overflow.js';
import { geminiOverflowDetector } from './gemini-overflow-detector.js';

describe('detectContextOverflow', () => {
  it('recognises every captured overflow of every provider and no other captured error', () => {
    for (const fixture of errorFixtures()) {
      const overflow = detectContextOverflow(fixtureError(fixture));
      if (fixture.overflow === false) expect(overflow, fixture.file).toBeUndefined();
      else expect(overflow, fixture.file).toBeDefined();
    }
  });

  it('names the provider the model belongs to when two detectors recognise the error', () => {
    const claudeOnBedrock = fixtureError(errorFixture('bedrock-prompt-too-long.json'));
    expect(detectContextOverflow(claudeOnBedrock)?.provider).toBe('bedrock');
    const deepseek = fixtureError(errorFixture('deepseek-with-completion.json'));
    expect(detectContextOverflow(deepseek, { providerId: 'deepseek.chat' })?.provider).toBe('deepseek');
    const ollama = fixtureError(errorFixture('ollama-exceed-context-size.json'));
    expect(detectContextOverflow(ollama)?.provider).toBe('ollama');
    expect(detectContextOverflow(ollama, { providerId: 'llama-cpp.chat' })?.provider).toBe('llama-cpp');
  });

  it('uses only the detectors it is given', () => {
    const anthropic = fixtureError(errorFixture('anthropic-prompt-too-long.json'));
    expect(detectContextOverflow(anthropic, { detectors: [geminiOverflowDetector()] })).toBeUndefined();
  });

  it('reads an overflow that ended retries after a rate limit', () => {
    const retried = new RetryError({
      message: 'Failed after 2 attempts. Last error: prompt is too long',
      reason: 'errorNotRetryable',
      errors: [
        fixtureError(errorFixture('anthropic-rate-limit.json')),
        fixtureError(errorFixture('anthropic-prompt-too-long.json')),
      ],
    });
    expect(detectContextOverflow(retried)).toMatchObject({ provider: 'anthropic', tokensSent: 208_310 });
    const rateLimited = new RetryError({
      message: 'Failed after 2 attempts',
      reason: 'maxRetriesExceeded',
      errors: [
        fixtureError(errorFixture('anthropic-prompt-too-long.json')),
        fixtureError(errorFixture('anthropic-rate-limit.json')),
      ],
    });
    expect(detectContextOverflow(rateLimited)).toBeUndefined();
  });

  it('takes no constructed lookalike for an overflow: a 500, a 502 page, FAILED_PRECONDITION, an echo', () => {
    const lookalikes = errorFixtures().filter((fixture) => fixture.file.startsWith('lookalike-'));
    expect(lookalikes.map((fixture) => fixture.file).sort()).toEqual([
      'lookalike-400-echoes-user-text.json',
      'lookalike-500-prompt-too-long.json',
      'lookalike-502-proxy-page.html',
      'lookalike-gemini-failed-precondition.json',
    ]);
    for (const fixture of lookalikes)
      expect(detectContextOverflow(fixtureError(fixture)), fixture.file).toBeUndefined();
  });

  it('reads an overflow from a body that is not JSON', () => {
    const error = new APICallError({
      message: 'Bad Request',
      url: 'http://127.0.0.1:8080/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: 'prompt is too long: 210000 tokens > 200000 maximum',
    });
    expect(detectContextOverflow(error)).toMatchObject({ tokensSent: 210_000, tokenLimit: 200_000 });
  });
});
