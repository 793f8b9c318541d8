import { generateText, isStepCount, type ModelMessage, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kiokuMiddleware } from '../../ai-sdk/kioku-middleware.js';
import { InvalidSessionInputError } from '../../errors/invalid-session-input-error.js';
import { conversationSessions } from '../../sessions/conversation-sessions.js';
import { createSessionStore } from '../../sessions/create-session-store.js';
import type { SessionStore } from '../../sessions/session-store.js';
import { openStore, type Store } from '../../store/index.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { scriptedModel } from '../../test/scripted-model.js';
import { kiokuDefault } from '../kioku-default/kioku-default.js';
import { recallOutput, recallOutputToolName } from './recall-output.js';

let store: Store;
let sessionStore: SessionStore;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  sessionStore = createSessionStore(store);
});
afterAll(() => store.close());

/** What the lookup tool answers for record `n`: ~600 tokens, one payment id the agent will need. */
const record = (n: number) =>
  `record ${n}\npayment_id: credit_card_${7434610 + n}\n${'history line with nothing to act on\n'.repeat(60)}`;

const lookup = tool({
  description: 'Looks a record up.',
  inputSchema: z.object({ n: z.number() }),
  execute: async ({ n }) => record(n),
});

const toolText = (message: ModelMessage | undefined, toolCallId: string): string | undefined => {
  if (message?.role !== 'tool') return undefined;
  const part = message.content.find((each) => each.type === 'tool-result' && each.toolCallId === toolCallId);
  return part?.type === 'tool-result' && part.output.type === 'text' ? part.output.value : undefined;
};

describe('recallOutput', () => {
  it('returns a masked output in full from the session store, by the handle its placeholder names', async () => {
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'call-1', toolName: 'lookup', input: { n: 1 } }] },
        { toolCalls: [{ toolCallId: 'call-2', toolName: 'lookup', input: { n: 2 } }] },
        { toolCalls: [{ toolCallId: 'call-3', toolName: 'lookup', input: { n: 3 } }] },
        {
          toolCalls: [
            { toolCallId: 'call-4', toolName: recallOutputToolName, input: { toolCallId: 'call-1' } },
          ],
        },
        { text: 'Refunded to credit_card_7434611.' },
      ],
    });
    const model = wrapLanguageModel({
      model: inner,
      middleware: kiokuMiddleware({
        counter: quarterCounter(),
        contextWindow: 100_000,
        strategy: kiokuDefault({ keep: 1, batchSize: 1, payback: false, recall: true }),
        sessions: conversationSessions(sessionStore),
      }),
    });
    const result = await generateText({
      model,
      prompt: 'Refund the first record.',
      tools: {
        lookup,
        [recallOutputToolName]: recallOutput({ sessions: sessionStore, sessionId: 'id:case-1' }),
      },
      stopWhen: isStepCount(6),
      providerOptions: { kioku: { conversationId: 'case-1' } },
    });
    expect(result.text).toBe('Refunded to credit_card_7434611.');

    // The fourth call saw the first output as a placeholder that keeps the id and says how to read it again.
    const fourth = inner.doGenerateCalls[3]?.prompt ?? [];
    const masked = JSON.stringify(
      fourth.find((message) => JSON.stringify(message).includes('"call-1"') && message.role === 'tool'),
    );
    expect(masked).toContain('Kept: payment_id=credit_card_7434611');
    expect(masked).toContain(`${recallOutputToolName} {\\"toolCallId\\":\\"call-1\\"} returns it in full`);
    expect(masked).not.toContain('history line');

    // The recall returned the original, read from the store, and the model got it in full.
    expect(result.steps[3]?.toolResults[0]?.output).toBe(record(1));
    const fifth = inner.doGenerateCalls[4]?.prompt ?? [];
    expect(
      fifth.some((message) => JSON.stringify(message).includes(JSON.stringify(record(1)).slice(1, -1))),
    ).toBe(true);
    const stored = await sessionStore.messages('id:case-1');
    expect(stored.some((message) => toolText(message, 'call-1') === record(1))).toBe(true);
  });

  it('tells the model when no output of the session has the handle', async () => {
    await sessionStore.create({ id: 'id:case-2' });
    await sessionStore.append({
      sessionId: 'id:case-2',
      messages: [
        { role: 'user', content: 'Look record 5 up.' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'call-5', toolName: 'lookup', input: { n: 5 } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call-5',
              toolName: 'lookup',
              output: { type: 'text', value: record(5) },
            },
          ],
        },
      ],
    });
    const recall = recallOutput({ sessions: sessionStore, sessionId: 'id:case-2' });
    const run = (toolCallId: string) =>
      recall.execute?.(
        { toolCallId },
        { toolCallId: 'call-6', messages: [], context: {} },
      ) as Promise<string>;
    await expect(run('call-5')).resolves.toBe(record(5));
    const failure = await run('call-1').catch((error: unknown) => error);
    expect(InvalidSessionInputError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain(
      `session 'id:case-2': toolCallId: expected the id of a tool call whose output this session holds, found "call-1"`,
    );
  });
});
