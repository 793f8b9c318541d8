import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import { anchorCounterToUsage } from './anchor-counter-to-usage.js';
import { noCachePolicy } from './no-cache-policy.js';
import { placeCacheBreakpoints } from './place-cache-breakpoints.js';
import { transcriptCalls } from './transcript-calls.js';

const messages = [
  sized('system', 100),
  sized('user', 50),
  sized('assistant', 20),
  sized('user', 30),
  sized('assistant', 10),
];
const transcript: Transcript = {
  format: 'openai-chat',
  file: 'run.json',
  id: 'run',
  messages,
  tools: [{ name: 'bash', inputSchema: { type: 'object' } }],
  calls: [
    { messageCount: 2, usage: { promptTokens: 300, completionTokens: 21 }, timestamp: 5 },
    { messageCount: 4, usage: { promptTokens: 390, cacheReadTokens: 100 } },
  ],
};

describe('transcriptCalls', () => {
  it('makes each recorded call a prompt prefix with the answer that followed it', () => {
    const calls = transcriptCalls(transcript, { counter: lengthCounter() });
    expect(calls[0]).toEqual({
      prompt: { messages: messages.slice(0, 2), tools: transcript.tools },
      outputTokens: 21,
      timestamp: 5,
      completion: messages[2],
    });
    expect(calls[1]?.outputTokens).toBe(10);
    expect(calls[1]?.timestamp).toBeUndefined();
  });

  it('rewrites prompts and picks per-call policies when asked', () => {
    const uncached = noCachePolicy();
    const calls = transcriptCalls(transcript, {
      rewriteMessages: (prefix) => placeCacheBreakpoints(prefix, { recent: 1 }),
      policyFor: (call) => (call.usage?.cacheReadTokens === undefined ? uncached : undefined),
    });
    expect(calls[0]?.prompt.messages[1]?.providerOptions?.anthropic?.cacheControl).toEqual({
      type: 'ephemeral',
    });
    expect(calls.map((call) => call.policy)).toEqual([uncached, undefined]);
  });
});

describe('anchorCounterToUsage', () => {
  it('scales message counts so every recorded prompt adds up to its recorded size', () => {
    const counter = lengthCounter({ overhead: 3 });
    const anchored = anchorCounterToUsage({ counter, transcripts: [transcript] });
    for (const call of transcript.calls) {
      const prompt = { messages: messages.slice(0, call.messageCount), tools: transcript.tools ?? [] };
      expect(anchored.countPrompt(prompt)).toBeCloseTo(call.usage?.promptTokens ?? 0, 9);
    }
    // Between two anchors the new messages keep their proportions: 20 : 30.
    const ratio = anchored.countMessage(sized('assistant', 20)) / anchored.countMessage(sized('user', 30));
    expect(ratio).toBeCloseTo(20 / 30, 9);
  });
});
