import { generateText, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedModel } from '../test/scripted-model.js';
import type { KiokuEvent } from './kioku-event.js';
import { kiokuMiddleware } from './kioku-middleware.js';

describe('kiokuMiddleware on a model the catalog does not know', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('works within the fallback window, warns once per model and reports it, instead of throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const events: KiokuEvent[] = [];
    const inner = scriptedModel({ modelId: 'acme-private-llm-7b', replies: [{ text: 'ok' }] });
    const model = wrapLanguageModel({
      model: inner,
      middleware: kiokuMiddleware({ onEvent: (event) => events.push(event) }),
    });

    await generateText({ model, prompt: 'first conversation' });
    await generateText({ model, prompt: 'second conversation' });

    expect(inner.doGenerateCalls).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      '"acme-private-llm-7b"; kiokuMiddleware works within 32768 tokens',
    );
    expect(events.filter((event) => event.type === 'context-window-assumed')).toEqual([
      { type: 'context-window-assumed', modelId: 'acme-private-llm-7b', contextWindow: 32_768 },
      { type: 'context-window-assumed', modelId: 'acme-private-llm-7b', contextWindow: 32_768 },
    ]);
  });

  it('uses the window it is given, with no warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const events: KiokuEvent[] = [];
    const inner = scriptedModel({ modelId: 'acme-other-llm', replies: [{ text: 'ok' }] });
    const middleware = kiokuMiddleware({ contextWindow: 8_000, onEvent: (event) => events.push(event) });
    await generateText({ model: wrapLanguageModel({ model: inner, middleware }), prompt: 'hello' });
    expect(warn).not.toHaveBeenCalled();
    expect(events.some((event) => event.type === 'context-window-assumed')).toBe(false);
  });
});
