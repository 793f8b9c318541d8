import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSessions } from '../ai-sdk/conversation-sessions.js';
import type { KiokuEvent } from '../ai-sdk/kioku-event.js';
import { kiokuMiddleware } from '../ai-sdk/kioku-middleware.js';
import { kiokuPrepareStep } from '../ai-sdk/kioku-prepare-step.js';
import { openStore, type Store } from '../store/index.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { pipeline } from '../strategies/pipeline/pipeline.js';
import { summarization } from '../strategies/summarization/summarization.js';
import { isSummaryMessage } from '../strategies/summarization/summary-message.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { toolStep } from '../test/tool-step.js';
import { conversationSessions } from './conversation-sessions.js';
import { createSessionStore } from './create-session-store.js';
import { findSessionProblems } from './find-session-problems.js';
import type { SessionStore } from './session-store.js';

let store: Store;
let sessionStore: SessionStore;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  sessionStore = createSessionStore(store);
});
afterAll(() => store.close());

/** The analyst's reasoning at each step: ~400 tokens that masking keeps. */
const reasoning = 'The connection pattern needs another look before concluding. '.repeat(26);

/** A conversation about `tag`: the task, then `steps` tool steps of ~300 tokens each. */
function conversation(tag: string, steps: number): ModelMessage[] {
  const lines = Array.from({ length: 30 }, (_, i) => `${tag} log line ${i}: connection from 10.0.0.${i}`);
  return [
    { role: 'user', content: `Investigate the ${tag} alert.` },
    ...Array.from({ length: steps }, (_, i) =>
      toolStep({
        id: `${tag}-${i}`,
        output: lines.join('\n'),
        thought: `${tag} step ${i}. ${reasoning}`,
      }),
    ).flat(),
  ];
}

const system = 'You are a security analyst.';
/**
 * What the session holds: the messages as the middleware sees them in the provider prompt (the system
 * message first, text content as parts).
 */
const stored = (messages: ModelMessage[]): ModelMessage[] => [
  { role: 'system', content: system },
  ...messages.map((message) =>
    message.role === 'user' && typeof message.content === 'string'
      ? { ...message, content: [{ type: 'text' as const, text: message.content }] }
      : message,
  ),
];

/** A prompt without tool outputs and provider options (masking and cache breakpoints are recomputed). */
const withoutOutputs = (prompt: unknown) =>
  JSON.stringify(prompt, (key, value) => (key === 'output' || key === 'providerOptions' ? undefined : value));

const summaryText = 'Summary: the analyst ran commands.';

/** Options both the middleware and kiokuPrepareStep get: summarizing at 80% of 8,000 tokens. */
const managed = (summarizer: ReturnType<typeof scriptedModel>) => ({
  counter: quarterCounter(),
  contextWindow: 8_000,
  strategy: pipeline(
    // The configuration this test was sized for: one-line placeholders, every batch taken.
    kiokuDefault({ minTokens: 64, digestCharacters: 0, payback: false }),
    summarization({ model: summarizer, trigger: { inputTokens: Number.MAX_SAFE_INTEGER }, maxRetries: 0 }),
  ),
});

/** A wrapped model with its own middleware (a new process, as far as kioku knows), summarizing at 80% of 8,000 tokens. */
function newProcess(
  sessions: ConversationSessions,
  events: KiokuEvent[] = [],
  summarizer = scriptedModel({ replies: [{ text: summaryText }], modelId: 'summarizer' }),
) {
  const inner = scriptedModel({ replies: [{ text: 'ok' }] });
  const model = wrapLanguageModel({
    model: inner,
    middleware: kiokuMiddleware({
      ...managed(summarizer),
      sessions,
      onEvent: (event) => events.push(event),
    }),
  });
  return { summarizer, inner, model, events };
}

const send = (
  model: ReturnType<typeof newProcess>['model'],
  messages: ModelMessage[],
  conversationId?: string,
) =>
  generateText({
    model,
    system,
    messages,
    maxRetries: 0,
    ...(conversationId === undefined ? {} : { providerOptions: { kioku: { conversationId } } }),
  });

const sentText = (inner: ReturnType<typeof scriptedModel>, call = -1) =>
  JSON.stringify(inner.doGenerateCalls.at(call)?.prompt);

describe('kiokuMiddleware with sessions', () => {
  it('resumes a conversation in a new process from its recorded summary, without summarizing again', async () => {
    const sessions = conversationSessions(sessionStore);
    const first = newProcess(sessions);
    for (let steps = 14; steps < 17; steps += 1)
      await send(first.model, conversation('ALPHA', steps), 'alpha');
    expect(first.summarizer.doGenerateCalls).toHaveLength(1);
    const lastPrompt = first.inner.doGenerateCalls.at(-1)?.prompt ?? [];
    expect(JSON.stringify(lastPrompt)).toContain(summaryText);

    const exported = await sessionStore.export('id:alpha');
    expect(exported.views).toHaveLength(1);
    const [view] = exported.views;
    expect(view?.strategy).toBe('pipeline(kioku-default, summarization)');
    expect(view?.summary.some(isSummaryMessage)).toBe(true);

    // A new process: another middleware, another summarizer, the same store and conversation id.
    const second = newProcess(sessions);
    for (let steps = 17; steps < 19; steps += 1)
      await send(second.model, conversation('ALPHA', steps), 'alpha');
    expect(second.summarizer.doGenerateCalls).toHaveLength(0);
    const resumed = second.inner.doGenerateCalls.at(-1)?.prompt ?? [];
    expect(JSON.stringify(resumed)).toContain(summaryText);
    expect(JSON.stringify(resumed)).not.toContain('ALPHA step 0.');
    // It sends the messages a process that never stopped sends (which outputs are masked may differ:
    // masking starts over from the stored start).
    const control = newProcess(conversationSessions(sessionStore));
    for (let steps = 14; steps < 19; steps += 1) {
      await send(control.model, conversation('ALPHA', steps), 'alpha-control');
    }
    const shape = (prompt: readonly { role: string }[]) => prompt.map((message) => message.role).join();
    expect(second.inner.doGenerateCalls.map((call) => shape(call.prompt))).toEqual(
      control.inner.doGenerateCalls.slice(3).map((call) => shape(call.prompt)),
    );
    expect(withoutOutputs(resumed)).toEqual(withoutOutputs(control.inner.doGenerateCalls.at(-1)?.prompt));
    // The whole original history is stored, every message once and unchanged.
    expect(await sessionStore.messages('id:alpha')).toEqual(stored(conversation('ALPHA', 18)));

    // Its next summary folds the stored one: recorded as a view replacing the first one whole.
    for (let steps = 19; steps < 27; steps += 1) {
      await send(second.model, conversation('ALPHA', steps), 'alpha');
    }
    expect(second.summarizer.doGenerateCalls).toHaveLength(1);
    expect(JSON.stringify(second.summarizer.doGenerateCalls[0]?.prompt)).toContain(summaryText);
    expect(second.events.filter((event) => event.type === 'session-error')).toEqual([]);
    const views = (await sessionStore.export('id:alpha')).views;
    expect(views).toHaveLength(2);
    expect(views[1]?.replaces.from).toBeLessThanOrEqual(views[0]?.replaces.from ?? 0);
    expect(views[1]?.replaces.to).toBeGreaterThan(views[0]?.replaces.to ?? 0);
    expect(await findSessionProblems(store)).toEqual([]);
  });

  it('keeps two concurrent conversations through one wrapped model in separate sessions', async () => {
    const sessions = conversationSessions(sessionStore);
    const { model, summarizer } = newProcess(sessions);
    const run = async (tag: string) => {
      for (let steps = 20; steps < 24; steps += 1) await send(model, conversation(tag, steps));
    };
    await Promise.all([run('BRAVO'), run('CHARLIE')]);
    expect(summarizer.doGenerateCalls).toHaveLength(2);
    const derived = (await sessionStore.list()).filter((session) => session.id.startsWith('derived:'));
    expect(derived).toHaveLength(2);
    for (const { id } of derived) {
      const { messages, views } = await sessionStore.export(id);
      const tag = JSON.stringify(messages[2]).includes('BRAVO') ? 'BRAVO' : 'CHARLIE';
      expect(messages).toEqual(stored(conversation(tag, 23)));
      expect(views).toHaveLength(1);
      expect(JSON.stringify(views)).not.toContain(tag === 'BRAVO' ? 'CHARLIE' : 'BRAVO');
    }
  });

  it('reports a failed write as an event and keeps the conversation’s state in memory', async () => {
    const working = conversationSessions(sessionStore);
    let failRecord = true;
    let failAppend = false;
    const flaky: ConversationSessions = {
      load: (id) => working.load(id),
      append: (id, messages, from) =>
        failAppend ? Promise.reject(new Error('disk full')) : working.append(id, messages, from),
      recordCompaction: (id, compaction) =>
        failRecord ? Promise.reject(new Error('disk full')) : working.recordCompaction(id, compaction),
    };
    const { model, summarizer, inner, events } = newProcess(flaky);
    for (let steps = 14; steps < 17; steps += 1) await send(model, conversation('DELTA', steps), 'delta');
    const failures = events.filter((event) => event.type === 'session-error');
    expect(failures).toMatchObject([{ conversationId: 'id:delta', operation: 'record-compaction' }]);
    expect(summarizer.doGenerateCalls).toHaveLength(1);
    expect((await sessionStore.export('id:delta')).views).toHaveLength(0);

    // Appends fail for a call: the messages are appended at the next one, and the summary stays in memory.
    failRecord = false;
    failAppend = true;
    await send(model, conversation('DELTA', 17), 'delta');
    failAppend = false;
    await send(model, conversation('DELTA', 18), 'delta');
    expect(events.filter((event) => event.type === 'session-error')).toHaveLength(2);
    expect(summarizer.doGenerateCalls).toHaveLength(1);
    expect(sentText(inner)).toContain(summaryText);
    expect(await sessionStore.messages('id:delta')).toEqual(stored(conversation('DELTA', 18)));
  });

  it('never changes a stored history the caller’s history no longer extends', async () => {
    const sessions = conversationSessions(sessionStore);
    const { model, events } = newProcess(sessions);
    await send(model, conversation('ECHO', 3), 'echo');
    // The caller edited its history (same length or longer, different messages): nothing more is written.
    const edited: ModelMessage[] = [
      { role: 'user', content: 'Investigate the ECHO alert on MKT01.' },
      ...conversation('ECHO', 4).slice(1),
    ];
    await send(model, edited, 'echo');
    await send(model, [...edited, ...toolStep({ id: 'late' })], 'echo');
    expect(events.filter((event) => event.type === 'session-error')).toMatchObject([
      { conversationId: 'id:echo', operation: 'append', error: { field: 'messages' } },
    ]);
    expect(await sessionStore.messages('id:echo')).toEqual(stored(conversation('ECHO', 3)));

    // A new process given a history shorter than the stored one writes nothing either.
    const other = newProcess(sessions);
    await send(other.model, conversation('ECHO', 1), 'echo');
    expect(other.events.filter((event) => event.type === 'session-error')).toMatchObject([
      { conversationId: 'id:echo', operation: 'load', error: { name: 'InvalidSessionInputError' } },
    ]);
    expect(await sessionStore.messages('id:echo')).toEqual(stored(conversation('ECHO', 3)));
  });

  it('resumes from what the fallbacks left when the summarizer failed, without compacting again', async () => {
    const sessions = conversationSessions(sessionStore);
    const down = scriptedModel({ replies: [{ throws: new Error('summarizer down') }], modelId: 'down' });
    const first = newProcess(sessions, [], down);
    await send(first.model, conversation('FOXTROT', 14), 'foxtrot');
    expect(first.events.map((event) => event.type)).toContain('fallback-used');
    const [view] = (await sessionStore.export('id:foxtrot')).views;
    expect(view?.replaces).toEqual({ from: 0, to: 30 });
    expect(view?.summary).toHaveLength(first.inner.doGenerateCalls[0]?.prompt.length ?? 0);

    const second = newProcess(sessions);
    await send(second.model, conversation('FOXTROT', 15), 'foxtrot');
    expect(second.summarizer.doGenerateCalls).toHaveLength(0);
    expect(second.events.map((event) => event.type)).not.toContain('context-compacted');
    expect(second.inner.doGenerateCalls[0]?.prompt.length).toBe((view?.summary.length ?? 0) + 2);
    expect(await sessionStore.messages('id:foxtrot')).toEqual(stored(conversation('FOXTROT', 15)));
  });
});

describe('kiokuPrepareStep with sessions', () => {
  /** A `kiokuPrepareStep` of a new process (its own summarizer), as the middleware's tests configure it. */
  function newStepper(sessions: ConversationSessions, conversationId?: string) {
    const summarizer = scriptedModel({ replies: [{ text: summaryText }], modelId: 'summarizer' });
    const events: KiokuEvent[] = [];
    const prepareStep = kiokuPrepareStep({
      ...managed(summarizer),
      sessions,
      ...(conversationId === undefined ? {} : { conversationId }),
      onEvent: (event) => events.push(event),
    });
    const model = scriptedModel({ replies: [{ text: 'ok' }] });
    const step = async (messages: ModelMessage[]) =>
      (await prepareStep({ steps: [], model, messages }))?.messages ?? messages;
    return { summarizer, events, step };
  }

  for (const [label, conversationId, sessionId] of [
    ['its conversationId', 'golf', 'id:golf'],
    ['the id derived from its first messages', undefined, undefined],
  ] as const) {
    it(`persists its compactions and resumes from them in a new process, by ${label}`, async () => {
      const tag = conversationId === undefined ? 'HOTEL' : 'GOLF';
      const sessions = conversationSessions(sessionStore);
      const first = newStepper(sessions, conversationId);
      for (let steps = 14; steps < 17; steps += 1) await first.step(conversation(tag, steps));
      expect(first.summarizer.doGenerateCalls).toHaveLength(1);
      let id: string | undefined = sessionId;
      for (const session of await sessionStore.list()) {
        const [task] = await sessionStore.messages(session.id, { to: 1 });
        if (session.id.startsWith('derived:') && JSON.stringify(task).includes(tag)) id ??= session.id;
      }
      expect(id).toBeDefined();
      expect((await sessionStore.export(id ?? '')).views).toHaveLength(1);

      const second = newStepper(sessions, conversationId);
      let sent: ModelMessage[] = [];
      for (let steps = 17; steps < 19; steps += 1) sent = await second.step(conversation(tag, steps));
      expect(second.summarizer.doGenerateCalls).toHaveLength(0);
      expect(JSON.stringify(sent)).toContain(summaryText);
      expect(JSON.stringify(sent)).not.toContain(`${tag} step 0.`);
      expect(second.events.filter((event) => event.type === 'session-error')).toEqual([]);
      expect(await sessionStore.messages(id ?? '')).toEqual(conversation(tag, 18));
    });
  }
});
