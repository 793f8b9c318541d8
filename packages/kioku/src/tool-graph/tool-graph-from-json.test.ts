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
    const bad = { ...data, transitions: { ...data.transitions, rows: [['1|a', 'many', []]] } };
    expect(() => toolGraphFromJSON(bad)).toThrow(
      'tool graph data: at $.transitions.rows[0][1]: expected a number, found "many"',
    );
    expect(() => toolGraphFromJSON({ ...data, version: 2 })).toThrow(
      'tool graph data: at $.version: expected one of 1, found 2',
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
});
