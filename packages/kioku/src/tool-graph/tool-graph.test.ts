import { describe, expect, it } from 'vitest';
import { toolStep } from '../test/tool-step.js';
import type { AgentEvent } from './agent-event.js';
import { agentEvents } from './agent-events.js';
import { createToolGraph } from './tool-graph.js';
import { toolGraphFromJSON } from './tool-graph-from-json.js';

const call = (tool: string, outcome: 'ok' | 'error' = 'ok'): AgentEvent => ({
  kind: 'call',
  tool,
  input: {},
  outcome,
});
const run = (request: string, tools: string[]): AgentEvent[] => [
  { kind: 'user', text: request },
  ...tools.map((tool) => call(tool)),
  { kind: 'reply' },
];

describe('agentEvents', () => {
  it('reads user messages, tool calls with their outcome, and replies', () => {
    const events = agentEvents([
      { role: 'user', content: 'Cancel reservation 4NQLHD' },
      ...toolStep({ id: 'a', toolName: 'get_reservation_details', output: '{"status":"ok"}' }),
      ...toolStep({ id: 'b', toolName: 'cancel_reservation', output: 'Error: reservation not found' }),
      { role: 'assistant', content: 'It is cancelled.' },
    ]);
    expect(events).toEqual([
      { kind: 'user', text: 'Cancel reservation 4NQLHD' },
      {
        kind: 'call',
        tool: 'get_reservation_details',
        input: { command: 'ls' },
        outcome: 'ok',
        output: '{"status":"ok"}',
      },
      {
        kind: 'call',
        tool: 'cancel_reservation',
        input: { command: 'ls' },
        outcome: 'error',
        output: 'Error: reservation not found',
      },
      { kind: 'reply' },
    ]);
  });
});

describe('createToolGraph', () => {
  it('predicts from the last two events and the user message words', () => {
    const graph = createToolGraph();
    for (let index = 0; index < 20; index += 1) {
      graph.learnRun(run('please cancel my booking', ['get_user_details', 'cancel_reservation']));
      graph.learnRun(run('change the flight dates', ['get_user_details', 'update_reservation_flights']));
    }
    const cancel = graph.predict([
      { kind: 'user', text: 'I want to cancel the booking' },
      call('get_user_details'),
    ]);
    expect(cancel.ranked[0]?.action).toBe('cancel_reservation');
    const change = graph.predict([
      { kind: 'user', text: 'change my flight please' },
      call('get_user_details'),
    ]);
    expect(change.ranked[0]?.action).toBe('update_reservation_flights');
    const first = graph.predict([{ kind: 'user', text: 'hello' }]);
    expect(first.ranked[0]?.action).toBe('get_user_details');
    expect(first.confidence).toBeGreaterThan(0.9);
  });

  it('tells a failed call from a successful one', () => {
    const graph = createToolGraph({ weights: { intent: 0 } });
    for (let index = 0; index < 10; index += 1) {
      graph.learnRun([
        { kind: 'user', text: 'x' },
        call('query', 'error'),
        call('describe_table'),
        { kind: 'reply' },
      ]);
      graph.learnRun([{ kind: 'user', text: 'x' }, call('query'), { kind: 'reply' }]);
    }
    expect(graph.predict([{ kind: 'user', text: 'x' }, call('query', 'error')]).ranked[0]?.action).toBe(
      'describe_table',
    );
    expect(graph.predict([{ kind: 'user', text: 'x' }, call('query')]).ranked[0]?.action).toBe('<reply>');
  });

  it('forgets old habits as counts decay', () => {
    const graph = createToolGraph({ decay: 0.5, decayEvery: 10, weights: { intent: 0 } });
    for (let index = 0; index < 30; index += 1) graph.learn([call('a')], 'old');
    for (let index = 0; index < 10; index += 1) graph.learn([call('a')], 'new');
    expect(graph.predict([call('a')]).ranked[0]?.action).toBe('new');
    const undecayed = createToolGraph({ decay: 1, weights: { intent: 0 } });
    for (let index = 0; index < 30; index += 1) undecayed.learn([call('a')], 'old');
    for (let index = 0; index < 10; index += 1) undecayed.learn([call('a')], 'new');
    expect(undecayed.predict([call('a')]).ranked[0]?.action).toBe('old');
  });

  it('backs off to the last tool called when the last events were never followed by a decision', () => {
    const graph = createToolGraph({ weights: { intent: 0 } });
    for (let index = 0; index < 5; index += 1) graph.learnRun(run('hi', ['get_order', 'cancel_order']));
    for (let index = 0; index < 3; index += 1) graph.learnRun(run('hi', ['search_flights', 'book_flight']));
    // No decision ever followed a reply, so only the last tool (before the reply) says what comes next.
    const prediction = graph.predict([
      { kind: 'user', text: 'hi' },
      call('search_flights'),
      { kind: 'reply' },
    ]);
    expect(prediction.ranked[0]?.action).toBe('book_flight');
  });

  it('reads the tools called recently: one already called is rarely called again', () => {
    const learned = (recentTools: number) => {
      const graph = createToolGraph({ weights: { intent: 0, recentTools } });
      const turn = (tools: string[]): AgentEvent[] => [
        { kind: 'user', text: 'hi' },
        ...tools.slice(0, -1).map((tool) => call(tool)),
        { kind: 'user', text: 'go on' },
        call(tools.at(-1) as string),
        { kind: 'reply' },
      ];
      for (let index = 0; index < 4; index += 1)
        graph.learnRun(turn(['get_user', 'list_items', 'update_user']));
      for (let index = 0; index < 6; index += 1) graph.learnRun(turn(['list_items', 'get_user']));
      return graph;
    };
    const history: AgentEvent[] = [
      { kind: 'user', text: 'hi' },
      call('get_user'),
      call('list_items'),
      { kind: 'user', text: 'go on' },
    ];
    // The same last tool and last events either way; only the earlier get_user tells the runs apart.
    expect(learned(0).predict(history).ranked[0]?.action).toBe('get_user');
    expect(learned(1).predict(history).ranked[0]?.action).toBe('update_user');
  });

  it('counts decay per decision learned, not per count kept', () => {
    const graph = createToolGraph({ decay: 0.5, decayEvery: 4, weights: { intent: 0 } });
    for (let index = 0; index < 3; index += 1) graph.learn([call('a')], 'x');
    expect(graph.toJSON().scale).toBe(1);
    graph.learn([call('a')], 'x');
    expect(graph.toJSON().scale).toBe(0.5);
  });

  it('predicts after more learning what a graph with no cached user-message features predicts', () => {
    const graph = createToolGraph();
    const history: AgentEvent[] = [{ kind: 'user', text: 'refund my order please' }, call('get_order')];
    for (let index = 0; index < 4; index += 1)
      graph.learnRun(run('refund my order please', ['get_order', 'refund']));
    graph.predict(history);
    graph.learnRun(run('please refund the order', ['get_order', 'cancel_order']));
    graph.learnRun(run('my order please', ['get_order', 'track_order']));
    expect(graph.predict(history)).toEqual(toolGraphFromJSON(graph.toJSON()).predict(history));
  });

  it('knows nothing before it learns', () => {
    expect(createToolGraph().predict([])).toEqual({ ranked: [], confidence: 0 });
  });
});
