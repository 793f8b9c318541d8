import { tool } from 'ai';
import { createSessionStore, openStore, type Store } from 'kioku/store';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withToolAccess } from '../approvals/index.js';
import type { ChatEvent } from './chat-event.js';
import { type ApprovalRequest, openChat } from './open-chat.js';

// A write tool's call pauses the turn (the AI SDK's tool-approval flow) until the approver decides: an
// approved call runs; a rejected one does not, and the model is told the reason.

let store: Store;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
}, 120_000);
afterAll(async () => {
  await store.close();
});

function isolateTool(ran: string[]) {
  return withToolAccess(
    tool({
      description: 'Isolate a host from the network.',
      inputSchema: z.object({ host: z.string() }),
      execute: async ({ host }) => {
        ran.push(host);
        return `isolated ${host}`;
      },
    }),
    'write',
  );
}

const lookup = tool({
  description: 'Look a host up.',
  inputSchema: z.object({ host: z.string() }),
  execute: async ({ host }) => `${host} is a workstation`,
});

describe('write tools wait for an approval', () => {
  it('runs an approved call and tells the model of a rejected one, with the reason; read tools never wait', async () => {
    const ran: string[] = [];
    const asked: ApprovalRequest[] = [];
    const events: ChatEvent[] = [];
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'r1', toolName: 'lookup', input: { host: 'MKT01' } }] },
        { toolCalls: [{ toolCallId: 'w1', toolName: 'isolate', input: { host: 'MKT01' } }] },
        { text: 'MKT01 is isolated.' },
        { toolCalls: [{ toolCallId: 'w2', toolName: 'isolate', input: { host: 'DC01' } }] },
        { text: 'I will not isolate DC01.' },
      ],
    });
    const decisions = [
      { approvalId: 'a1', approved: true, by: 'jane' },
      { approvalId: 'a2', approved: false, by: 'jane', reason: 'DC01 serves the whole domain' },
    ];
    const chat = await openChat({
      alertId: 'approval-1',
      model,
      sessions: createSessionStore(store),
      system: 'You investigate.',
      tools: { lookup, isolate: isolateTool(ran) },
      onEvent: (event) => events.push(event),
      approve: async (request, { announce }) => {
        asked.push(request);
        const decision = decisions.shift();
        if (decision === undefined) throw new Error('no decision left');
        announce(decision.approvalId);
        return decision;
      },
    });
    const first = await chat.send('Contain MKT01.');
    expect(first.text).toBe('MKT01 is isolated.');
    expect(ran).toEqual(['MKT01']);
    const second = await chat.send('And DC01?');
    expect(second.text).toBe('I will not isolate DC01.');
    expect(ran).toEqual(['MKT01']);
    expect(asked.map((request) => request.input)).toEqual([{ host: 'MKT01' }, { host: 'DC01' }]);
    // The model's fifth call saw the denial and its reason as the tool's output.
    const lastPrompt = JSON.stringify(
      model.doGenerateCalls.at(-1)?.prompt ?? model.doStreamCalls.at(-1)?.prompt,
    );
    expect(lastPrompt).toContain('execution-denied');
    expect(lastPrompt).toContain('rejected by jane: DC01 serves the whole domain');
    expect(events.filter((event) => event.type.startsWith('approval')).map((event) => event.type)).toEqual([
      'approval-requested',
      'approval-decided',
      'approval-requested',
      'approval-decided',
    ]);
    await chat.close();
    // The stored conversation holds both decisions and resumes without error.
    const resumed = await openChat({
      alertId: 'approval-1',
      model: scriptedModel({ replies: [{ text: 'Still contained.' }] }),
      sessions: createSessionStore(store),
      system: 'You investigate.',
      tools: { lookup, isolate: isolateTool(ran) },
    });
    expect((await resumed.send('Status?')).text).toBe('Still contained.');
  });

  it('denies a write tool when the chat has no approver, and the tool does not run', async () => {
    const ran: string[] = [];
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'w1', toolName: 'isolate', input: { host: 'MKT01' } }] },
        { text: 'Not allowed.' },
      ],
    });
    const chat = await openChat({
      alertId: 'approval-2',
      model,
      sessions: createSessionStore(store),
      system: 'You investigate.',
      tools: { isolate: isolateTool(ran) },
    });
    expect((await chat.send('Contain MKT01.')).text).toBe('Not allowed.');
    expect(ran).toEqual([]);
    expect(JSON.stringify(model.doStreamCalls.at(-1)?.prompt)).toContain('write tools need an approver');
  });

  it('asks the approver from a planned step too (plan & execute runs tools itself), and a rejected call never runs', async () => {
    const ran: string[] = [];
    const events: ChatEvent[] = [];
    const model = scriptedModel({
      replies: [
        { text: JSON.stringify({ steps: [{ id: 's1', goal: 'Isolate MKT01', tools: ['isolate'] }] }) },
        { toolCalls: [{ toolCallId: 'p1', toolName: 'isolate', input: { host: 'MKT01' } }] },
        { text: 'The isolation was rejected.' },
        { text: JSON.stringify({ action: 'conclude', add: [], update: [], cancel: [], reason: 'rejected' }) },
        { text: 'MKT01 was not isolated: an analyst rejected it [s1].' },
      ],
    });
    const chat = await openChat({
      alertId: 'approval-3',
      model,
      sessions: createSessionStore(store),
      system: 'You investigate.',
      tools: { isolate: isolateTool(ran) },
      onEvent: (event) => events.push(event),
      approve: async (_request, { announce }) => {
        announce('a9');
        return { approvalId: 'a9', approved: false, by: 'jane', reason: 'not now' };
      },
    });
    expect((await chat.send('Contain MKT01.', { plan: true })).text).toBe(
      'MKT01 was not isolated: an analyst rejected it [s1].',
    );
    expect(ran).toEqual([]);
    expect(events.filter((event) => event.type === 'approval-decided')).toEqual([
      {
        type: 'approval-decided',
        approvalId: 'a9',
        toolCallId: 'p1',
        approved: false,
        by: 'jane',
        reason: 'not now',
      },
    ]);
    expect(
      JSON.stringify(model.doStreamCalls.map((call) => call.prompt)) +
        JSON.stringify(model.doGenerateCalls.map((call) => call.prompt)),
    ).toContain('rejected by jane: not now');
  });
});
