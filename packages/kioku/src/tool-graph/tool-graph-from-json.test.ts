import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import { createToolGraph } from './tool-graph.js';
import { ToolGraphDataError } from './tool-graph-data-error.js';
import { toolGraphFromJSON } from './tool-graph-from-json.js';

const tools = ['search', 'read', 'edit', 'test'];
const run = (index: number): AgentEvent[] => [
  { kind: 'user', text: index % 2 === 0 ? 'fix the failing test' : 'find where config is read' },
  ...Array.from(
    { length: 2 + (index % 3) },
    (_, step): AgentEvent => ({
      kind: 'call',
      tool: tools[(index + step) % tools.length] as string,
      input: {},
      outcome: step % 4 === 3 ? 'error' : 'ok',
    }),
  ),
  { kind: 'reply' },
];
const probes: AgentEvent[][] = [0, 1, 2, 5].map((index) => run(index).slice(0, 2));

describe('toolGraphFromJSON', () => {
  it('restores a decayed graph exactly: same predictions, and the same after more learning', () => {
    const graph = createToolGraph({ decay: 0.5, decayEvery: 7 });
    for (let index = 0; index < 60; index += 1) graph.learnRun(run(index));
    const restored = toolGraphFromJSON(JSON.parse(JSON.stringify(graph.toJSON())));
    expect(restored.observations).toBe(graph.observations);
    expect(restored.runs).toBe(60);
    for (const probe of probes) expect(restored.predict(probe)).toEqual(graph.predict(probe));
    for (let index = 60; index < 75; index += 1) {
      graph.learnRun(run(index * 5));
      restored.learnRun(run(index * 5));
    }
    for (const probe of probes) expect(restored.predict(probe)).toEqual(graph.predict(probe));
    expect(restored.toJSON()).toEqual(graph.toJSON());
  });

  it('names what is wrong in data it cannot restore', () => {
    const data = createToolGraph().toJSON();
    const bad = { ...data, transitions: [['1|a', 'many', []]] };
    expect(() => toolGraphFromJSON(bad)).toThrow(
      'tool graph data: at $.transitions[0][1]: expected a number, found "many"',
    );
    expect(() => toolGraphFromJSON({ ...data, version: 3 })).toThrow(
      'tool graph data: at $.version: expected one of 2, found 3',
    );
    let error: unknown;
    try {
      toolGraphFromJSON(null);
    } catch (caught) {
      error = caught;
    }
    expect(ToolGraphDataError.isInstance(error)).toBe(true);
    expect((error as ToolGraphDataError).location).toBe('$');
  });

  it('refuses a version 1 graph, saying it has to be learned again', () => {
    const v1 = {
      version: 1,
      observations: 1,
      runs: 1,
      weights: { intent: 0.6, secondOrder: 1 },
      decay: 0.95,
      decayEvery: 1000,
      transitions: { scale: 1, observations: 3, rows: [['0', 1, [['ls', 1]]]] },
      intents: { scale: 1, observations: 0, rows: [] },
    };
    expect(() => toolGraphFromJSON(v1)).toThrow(
      'tool graph data: at $.version: expected 2 (version 1 graphs lack the tool-sequence contexts; learn the graph again from the runs), found 1',
    );
  });
});
