import { generateText, isStepCount, type ModelMessage, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { KiokuEvent } from '../ai-sdk/kioku-event.js';
import { kiokuMiddleware } from '../ai-sdk/kioku-middleware.js';
import { InvalidSessionInputError } from '../errors/index.js';
import { openStore, type Store } from '../store/index.js';
import { scriptedModel } from '../test/scripted-model.js';
import { conversationSessions } from './conversation-sessions.js';
import { createSessionStore } from './create-session-store.js';
import { findSessionProblems } from './find-session-problems.js';
import type { SessionStore } from './session-store.js';

const system: ModelMessage = { role: 'system', content: 'You triage security alerts.' };
const opening: ModelMessage[] = [
  system,
  { role: 'user', content: 'Triage alert 4711 on MKT01.' },
  { role: 'assistant', content: 'winx64_payload.exe read LSASS memory on MKT01.' },
];
const question: ModelMessage = { role: 'user', content: 'Which hosts did it reach?' };

let store: Store;
let sessions: SessionStore;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  sessions = createSessionStore(store);
});
afterAll(() => store.close());

async function stored(id: string, messages: readonly ModelMessage[] = opening): Promise<string> {
  await sessions.create({ id });
  await sessions.append({ sessionId: id, messages });
  return id;
}

describe('SessionStore.resume', () => {
  it('gives generateText what it takes, where the stored history alone is refused', async () => {
    const id = await stored('plain');
    const model = scriptedModel({ replies: [{ text: 'Only MKT01 and the file server FS02.' }] });
    // The history holds its system message: the AI SDK refuses it among `messages`.
    await expect(generateText({ model, messages: await sessions.messages(id) })).rejects.toThrow(
      /System messages are not allowed/,
    );
    const { text } = await generateText({
      model,
      ...(await sessions.resume(id, { newMessages: [question] })),
    });
    expect(text).toBe('Only MKT01 and the file server FS02.');
    expect(model.doGenerateCalls[0]?.prompt.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    // onEnd stored the question and the answer: nothing to append by hand.
    const messages = await sessions.messages(id);
    expect(messages.slice(0, 4)).toEqual([...opening, question]);
    expect(messages[4]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'Only MKT01 and the file server FS02.' }],
    });
    expect(messages).toHaveLength(5);
    expect(await findSessionProblems(store)).toEqual([]);
  });

  it('stores a tool loop streamed by streamText, every step, when the stream ends', async () => {
    const id = await stored('streamed');
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'call-1', toolName: 'hosts', input: { ip: '10.0.0.7' } }] },
        { text: 'It reached FS02.' },
      ],
    });
    const hosts = tool({
      inputSchema: z.object({ ip: z.string() }),
      execute: async ({ ip }) => `${ip} is FS02`,
    });
    const result = streamText({
      model,
      tools: { hosts },
      stopWhen: isStepCount(3),
      ...(await sessions.resume(id, { newMessages: [question] })),
    });
    expect(await result.text).toBe('It reached FS02.');
    await result.consumeStream();
    await waitFor(async () => (await sessions.get(id)).messageCount === 7);
    const messages = await sessions.messages(id);
    expect(messages.slice(3).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(messages[5]).toMatchObject({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call-1', output: { type: 'text', value: '10.0.0.7 is FS02' } },
      ],
    });
  });

  it("stores the answer beside kioku's middleware writing the same session, nothing twice", async () => {
    const conversationId = 'alert-4711';
    const sessionId = await stored(`id:${conversationId}`);
    const events: KiokuEvent[] = [];
    const model = wrapLanguageModel({
      model: scriptedModel({
        replies: [
          { toolCalls: [{ toolCallId: 'call-1', toolName: 'hosts', input: { ip: '10.0.0.7' } }] },
          { text: 'FS02.' },
          { text: 'Isolate both.' },
        ],
      }),
      middleware: kiokuMiddleware({
        sessions: conversationSessions(sessions),
        contextWindow: 32_768,
        onEvent: (event) => events.push(event),
      }),
    });
    const hosts = tool({
      inputSchema: z.object({ ip: z.string() }),
      execute: async ({ ip }) => `${ip} is FS02`,
    });
    const providerOptions = { kioku: { conversationId } };
    // Two steps: the middleware stores the question, then the tool call and its result; onEnd the answer.
    await generateText({
      model,
      tools: { hosts },
      stopWhen: isStepCount(3),
      providerOptions,
      ...(await sessions.resume(sessionId, { newMessages: [question] })),
    });
    expect((await sessions.messages(sessionId)).map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const next: ModelMessage = { role: 'user', content: 'What now?' };
    await generateText({
      model,
      providerOptions,
      ...(await sessions.resume(sessionId, { newMessages: [next] })),
    });
    const messages = await sessions.messages(sessionId);
    expect(messages.slice(7).map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(messages).toHaveLength(9);
    expect(events.filter((event) => event.type === 'session-error')).toEqual([]);
  });

  it('splits out every leading system message, and allows a later one', async () => {
    const later: ModelMessage = { role: 'system', content: 'The analyst is on call until 18:00.' };
    const id = await stored('two-systems', [
      system,
      { ...system, content: 'Answer briefly.' },
      ...opening.slice(1),
      later,
    ]);
    const resumed = await sessions.resume(id);
    expect(resumed.instructions).toEqual([system, { ...system, content: 'Answer briefly.' }]);
    expect(resumed.messages).toEqual([...opening.slice(1), later]);
    expect(resumed.allowSystemInMessages).toBe(true);
    const model = scriptedModel({ replies: [{ text: 'Noted.' }] });
    await generateText({ model, ...resumed });
    expect(model.doGenerateCalls[0]?.prompt.map((message) => message.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'system',
    ]);
    const bare = await stored('no-system', opening.slice(1));
    expect(Object.keys(await sessions.resume(bare)).sort()).toEqual(['messages', 'onEnd']);
  });

  it('gives the current view when asked, and stores the answer after the original messages', async () => {
    const id = await stored('compacted');
    await sessions.recordCompaction({
      sessionId: id,
      replaces: { from: 1, to: 3 },
      summary: [{ role: 'user', content: 'Summary: LSASS was read on MKT01.' }],
      strategy: 'summary',
      tokensBefore: 40,
      tokensAfter: 12,
    });
    const resumed = await sessions.resume(id, { view: 'current', newMessages: [question] });
    expect(resumed.messages).toEqual([
      { role: 'user', content: 'Summary: LSASS was read on MKT01.' },
      question,
    ]);
    await resumed.onEnd({ responseMessages: [{ role: 'assistant', content: 'FS02.' }] });
    expect((await sessions.messages(id)).slice(3)).toEqual([
      question,
      { role: 'assistant', content: 'FS02.' },
    ]);
  });

  it('refuses to store a turn when another writer appended other messages meanwhile, writing nothing', async () => {
    const id = await stored('raced');
    const resumed = await sessions.resume(id, { newMessages: [question] });
    await sessions.append({
      sessionId: id,
      messages: [{ role: 'user', content: 'Someone else asked this.' }],
    });
    const error = await resumed
      .onEnd({ responseMessages: [{ role: 'assistant', content: 'FS02.' }] })
      .catch((caught: unknown) => caught);
    expect(InvalidSessionInputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/a different message at position 3/);
    expect(await sessions.messages(id)).toHaveLength(4);
  });

  it('checks the new messages when resuming, before any model call', async () => {
    const id = await stored('checked');
    await expect(
      sessions.resume(id, { newMessages: [{ role: 'user', content: 42 } as unknown as ModelMessage] }),
    ).rejects.toThrow(/newMessages\[0\]\.content/);
    await expect(sessions.resume('no-such-session')).rejects.toThrow(/no-such-session/);
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  // streamText calls onEnd after the last chunk is read: poll until it has stored (no timing assumed).
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('onEnd did not store the turn');
}
