import { tool } from 'ai';
import { securityInvestigationPrompt, subAgent } from 'kioku';
import { createSessionStore, openStore, type Store } from 'kioku/store';
import { errorFixture, fixtureError, scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatBudgetError } from './chat-budget-error.js';
import type { ChatEvent } from './chat-event.js';
import { openChat } from './open-chat.js';

let store: Store;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
}, 120_000);
afterAll(async () => {
  await store.close();
});

const price = { inputPerToken: 0.000002, outputPerToken: 0.000008 };
const promptText = (prompt: unknown) => JSON.stringify(prompt);

describe('openChat', () => {
  it('streams the answer, stores the conversation and resumes it with the earlier history in a new chat', async () => {
    const sessions = createSessionStore(store);
    const events: ChatEvent[] = [];
    const first = scriptedModel({ replies: [{ text: 'winx64_payload.exe read LSASS memory on MKT01.' }] });
    const chat = await openChat({
      alertId: 'resume-1',
      model: first,
      sessions,
      system: 'You investigate alert resume-1.',
      price,
      onEvent: (event) => events.push(event),
    });
    expect(chat.resumedMessages).toBe(0);
    const turn = await chat.send('Which process read LSASS?');
    await chat.close();
    expect(turn.text).toBe('winx64_payload.exe read LSASS memory on MKT01.');
    expect(events.filter((event) => event.type === 'text-delta').map((event) => event.text)).toEqual([
      'winx64_payload.exe read LSASS memory on MKT01.',
    ]);
    expect(turn.costUsd).toBeGreaterThan(0);
    expect((await sessions.messages('id:alert-resume-1')).map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
    ]);

    // A new process: a new chat over the same store.
    const second = scriptedModel({ replies: [{ text: 'It ran as stevie.marie.' }] });
    const resumed = await openChat({
      alertId: 'resume-1',
      model: second,
      sessions,
      system: 'A different prompt that must not replace the stored one.',
      price,
    });
    expect(resumed.resumedMessages).toBe(3);
    expect(resumed.spent().turns).toBe(1);
    expect(resumed.spent().costUsd).toBeCloseTo(turn.costUsd ?? 0, 12);
    await resumed.send('Which user ran it?');
    await resumed.close();
    const sent = promptText(second.doStreamCalls[0]?.prompt);
    expect(sent).toContain('You investigate alert resume-1.');
    expect(sent).not.toContain('A different prompt');
    expect(sent).toContain('winx64_payload.exe read LSASS memory on MKT01.');
    expect(resumed.spent().turns).toBe(2);
    expect((await sessions.messages('id:alert-resume-1')).length).toBe(5);
  }, 60_000);

  it('prints a sub-agent’s progress as it happens and reports tool calls', async () => {
    const sessions = createSessionStore(store);
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'q1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'SourceImage C:\\Users\\stevie.marie\\Downloads\\winx64_payload.exe' },
      ],
    });
    const logs = subAgent({
      name: 'logs_run',
      description: 'Queries the logs.',
      model: inner,
      system: 'Query the logs.',
      tools: {
        query: tool({ inputSchema: z.object({ sql: z.string() }), execute: async () => '1 row' }),
      },
    });
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'c1', toolName: 'logs_run', input: { query: 'Who read LSASS?' } }] },
        { text: 'winx64_payload.exe.' },
      ],
    });
    const events: ChatEvent[] = [];
    const chat = await openChat({
      alertId: 'progress-1',
      model,
      sessions,
      system: 'Investigate.',
      tools: { logs_run: logs },
      onEvent: (event) => events.push(event),
    });
    await chat.send('Who read LSASS?');
    await chat.close();
    // Every step of the turn is kept, the tool call and its result included.
    expect((await sessions.messages('id:alert-progress-1')).map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const kinds = events.map((event) =>
      event.type === 'sub-agent' ? `sub-agent:${event.progress.type}` : event.type,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'tool-call',
        'sub-agent:sub-agent-start',
        'sub-agent:tool-call-end',
        'tool-result',
      ]),
    );
    // In order: the call, then its progress, then its result.
    expect(kinds.indexOf('tool-call')).toBeLessThan(kinds.indexOf('sub-agent:sub-agent-start'));
    expect(kinds.indexOf('sub-agent:sub-agent-end')).toBeLessThan(kinds.indexOf('tool-result'));
    expect(promptText(model.doStreamCalls[1]?.prompt)).toContain('winx64_payload.exe');
  }, 60_000);

  it('ends a turn cut by the step cap with a handover note, never an empty answer', async () => {
    const sessions = createSessionStore(store);
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'a', toolName: 'lookup', input: { ioc: '192.168.2.6' } }] },
        { toolCalls: [{ toolCallId: 'b', toolName: 'lookup', input: { ioc: '192.168.2.6' } }] },
        { text: 'Found: reverse shell to 192.168.2.6:443. Remaining: check other hosts.' },
      ],
    });
    const chat = await openChat({
      alertId: 'cap-1',
      model,
      sessions,
      system: 'Investigate.',
      tools: { lookup: tool({ inputSchema: z.object({ ioc: z.string() }), execute: async () => 'unknown' }) },
      budget: { maxStepsPerTurn: 2 },
    });
    const turn = await chat.send('Look the IP up.');
    expect(turn.status).toBe('step-cap');
    expect(turn.text).toMatch(
      /^\[Handover note: the investigation stopped \(2 model calls in this turn\)\.\]/,
    );
    expect(turn.text).toContain('192.168.2.6:443');
    // The handover call offers no tools.
    expect(model.doGenerateCalls.at(-1)?.tools ?? []).toEqual([]);
  }, 60_000);

  it('stops at the conversation budget with a handover note, and refuses the next turn', async () => {
    const sessions = createSessionStore(store);
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'a', toolName: 'lookup', input: { ioc: 'x' } }] },
        { text: 'Handover: nothing found yet.' },
      ],
      inputTokens: () => 1_000,
    });
    const events: ChatEvent[] = [];
    const chat = await openChat({
      alertId: 'budget-1',
      model,
      sessions,
      system: 'Investigate.',
      tools: { lookup: tool({ inputSchema: z.object({ ioc: z.string() }), execute: async () => 'unknown' }) },
      budget: { maxInputTokens: 1_000 },
      onEvent: (event) => events.push(event),
    });
    const turn = await chat.send('Look it up.');
    expect(turn.status).toBe('budget');
    expect(events.some((event) => event.type === 'budget-reached')).toBe(true);
    expect(turn.text).toContain('1000 of 1000 input tokens spent');
    await chat.close();
    const again = await openChat({
      alertId: 'budget-1',
      model,
      sessions,
      system: '',
      budget: { maxInputTokens: 1_000 },
    });
    await expect(again.send('Go on.')).rejects.toSatisfy(
      (error: unknown) =>
        ChatBudgetError.isInstance(error) && /input tokens spent/.test((error as Error).message),
    );
    // The refused turn left the history as it was.
    expect(again.history().length).toBe(again.resumedMessages);
  }, 60_000);

  it('summarizes with the security prompt when the window fills, keeps the IOCs and records the summary as a view', async () => {
    const sessions = createSessionStore(store);
    const filler = 'Sysmon event 10 row: SourceImage winx64_payload.exe TargetImage lsass.exe. '.repeat(40);
    const model = scriptedModel({
      replies: [
        { text: `Found ${filler} C2 at 192.168.2.6 and hash 5f4dcc3b5aa765d61d8327deb882cf99.` },
        { text: `More: ${filler}` },
        // The summary: it forgets the IOCs, which kioku appends.
        { text: 'Goals: triage the LSASS access. Findings: a payload read LSASS memory.' },
        { text: 'Next: isolate MKT01.' },
      ],
    });
    const events: ChatEvent[] = [];
    const chat = await openChat({
      alertId: 'compact-1',
      model,
      sessions,
      system: 'Investigate.',
      contextWindow: 2_000,
      onEvent: (event) => events.push(event),
    });
    await chat.send('What happened?');
    await chat.send('And then?');
    await chat.send('What next?');
    await chat.close();
    const compacted = events.find(
      (event) => event.type === 'kioku' && event.event.type === 'context-compacted',
    );
    expect(compacted).toBeDefined();
    const summaryCall = promptText(model.doGenerateCalls[0]?.prompt);
    expect(summaryCall).toContain(JSON.stringify(securityInvestigationPrompt).slice(1, 200));
    const lastPrompt = promptText(model.doStreamCalls.at(-1)?.prompt);
    expect(lastPrompt).toContain('192.168.2.6');
    expect(lastPrompt).toContain('5f4dcc3b5aa765d61d8327deb882cf99');
    const exported = await sessions.export('id:alert-compact-1');
    expect(exported.views.length).toBeGreaterThan(0);
    // The original history is kept whole.
    expect(JSON.stringify(exported.messages)).toContain('hash 5f4dcc3b5aa765d61d8327deb882cf99');
  }, 60_000);
  it('plans and executes a request on option, reports the plan as it goes, and keeps the answer in the chat', async () => {
    const sessions = createSessionStore(store);
    const json = (value: unknown) => ({ text: JSON.stringify(value) });
    const model = scriptedModel({
      replies: [
        json({ steps: [{ id: 's1', goal: 'Find the process that read LSASS', tools: ['query'] }] }),
        { toolCalls: [{ toolCallId: 'q1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'winx64_payload.exe read LSASS' },
        json({ action: 'conclude', add: [], update: [], cancel: [], reason: 'answered' }),
        { text: 'winx64_payload.exe read LSASS memory [s1].' },
        { text: 'It was the payload.' },
      ],
    });
    const events: ChatEvent[] = [];
    const chat = await openChat({
      alertId: 'plan-1',
      model,
      sessions,
      system: 'Investigate alert plan-1.',
      tools: { query: tool({ inputSchema: z.object({ sql: z.string() }), execute: async () => '1 row' }) },
      onEvent: (event) => events.push(event),
    });
    const turn = await chat.send('Which process read LSASS?', { plan: true });
    expect(turn.text).toBe('winx64_payload.exe read LSASS memory [s1].');
    expect(turn.usage.inputTokens).toBeGreaterThan(0);
    expect(
      events
        .filter((event) => event.type === 'plan')
        .map((event) => event.type === 'plan' && event.event.type),
    ).toEqual(['plan-created', 'step-start', 'step-end', 'reflection', 'answer']);
    // The next, ordinary turn carries the planned answer.
    await chat.send('So?');
    expect(promptText(model.doStreamCalls.at(-1)?.prompt)).toContain(
      'winx64_payload.exe read LSASS memory [s1].',
    );
  }, 60_000);
  it('recovers when the provider rejects the prompt as too long: summarizes, keeps the IOCs, retries', async () => {
    const sessions = createSessionStore(store);
    const rows =
      'Sysmon event 1 row: java spawned bash -c {echo,…}|{base64,-d}|{bash,-i} on UBUNTU5. '.repeat(90);
    const model = scriptedModel({
      replies: [
        { text: `Reverse shell to 192.168.2.6 on port 443. ${rows}` },
        { text: `More rows: ${rows}` },
        { throws: fixtureError(errorFixture('openai-context-length-exceeded.json')) },
        { text: 'Findings: a Log4Shell reverse shell from Tomcat on UBUNTU5.' },
        { text: 'Isolate UBUNTU5.' },
      ],
    });
    const events: ChatEvent[] = [];
    const chat = await openChat({
      alertId: 'overflow-1',
      model,
      sessions,
      system: 'Investigate.',
      contextWindow: 200_000,
      onEvent: (event) => events.push(event),
    });
    await chat.send('What ran?');
    await chat.send('And?');
    const turn = await chat.send('What now?');
    await chat.close();
    expect(turn.text).toBe('Isolate UBUNTU5.');
    const kinds = events.flatMap((event) => (event.type === 'kioku' ? [event.event.type] : []));
    expect(kinds).toEqual(expect.arrayContaining(['overflow-detected', 'context-compacted', 'retry']));
    const retried = promptText(model.doStreamCalls.at(-1)?.prompt);
    expect(retried).toContain('Previous Conversation Summary');
    expect(retried).toContain('192.168.2.6');
    expect((await sessions.export('id:alert-overflow-1')).views).toHaveLength(1);
  }, 60_000);
});
