import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { AgentEvent } from './agent-event.js';
import { agentEvents } from './agent-events.js';
import { actionOf } from './decision-context.js';
import { createToolGraph, type ToolGraph } from './tool-graph.js';
import { toolGraphFromJSON } from './tool-graph-from-json.js';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs over `tools` tools: each task uses a few of them, asked for with words of its own and, when
 * `common`, words every task uses (evidence that mentions most tools: the full prediction ranks then).
 */
function syntheticRuns(tools: number, runs: number, seed: number, common = true, tasks = 40): AgentEvent[][] {
  const next = random(seed);
  const pick = (count: number) => Math.floor(next() * count);
  return Array.from({ length: runs }, () => {
    const task = pick(tasks);
    const used = Array.from(
      { length: 2 + pick(5) },
      (_, step) => `tool_${(task * 7 + step * 13 + pick(3)) % tools}`,
    );
    const text = common ? `please handle task${task} with the account data ${pick(4)}` : `task${task}`;
    const events: AgentEvent[] = [{ kind: 'user', text }];
    for (const tool of used) {
      events.push({ kind: 'call', tool, input: {}, outcome: next() < 0.1 ? 'error' : 'ok' });
      const more = common ? `also word${pick(30)} now` : `word${pick(30)}`;
      if (next() < 0.1) events.push({ kind: 'user', text: more });
    }
    events.push({ kind: 'reply' });
    return events;
  });
}

/** Every decision of `runs`, predicted before it is learned: the top `top` against the full ranking's head. */
function compareAlong(graph: ToolGraph, runs: readonly AgentEvent[][], top: number): number {
  let compared = 0;
  for (const events of runs) {
    events.forEach((event, index) => {
      const action = actionOf(event);
      if (action === undefined) return;
      const before = events.slice(0, index);
      const full = graph.predict(before);
      const head = graph.predict(before, { top });
      expect(head.ranked.map((entry) => entry.action)).toEqual(
        full.ranked.slice(0, top).map((entry) => entry.action),
      );
      head.ranked.forEach((entry, rank) => {
        const expected = full.ranked[rank]?.probability ?? Number.NaN;
        expect(Math.abs(entry.probability - expected)).toBeLessThanOrEqual(1e-9 * Math.max(expected, 1e-300));
      });
      expect(head.confidence).toBeCloseTo(full.confidence, 12);
      graph.learn(before, action);
      compared += 1;
    });
  }
  return compared;
}

describe('top-k prediction', () => {
  it('ranks the best k of 600 tools as the full prediction does, while learning and decaying', () => {
    for (const common of [false, true]) {
      const graph = createToolGraph({ decayEvery: 97 });
      for (const run of syntheticRuns(600, 150, 1, common)) graph.learnRun(run);
      expect(compareAlong(graph, syntheticRuns(600, 60, 2, common), 5)).toBeGreaterThan(200);
    }
  });

  it("keeps each user message's intent order current while the message recurs, learning and decaying", () => {
    // Few tasks: a message's order is reused after a few decisions (moved one action per decision learned)
    // and after many (built again), across decays (every 23 decisions) and words becoming known.
    for (const common of [false, true]) {
      const graph = createToolGraph({ decayEvery: 23 });
      for (const run of syntheticRuns(600, 20, 7, common, 4)) graph.learnRun(run);
      expect(compareAlong(graph, syntheticRuns(600, 80, 8, common, 4), 5)).toBeGreaterThan(300);
    }
  });

  it('keeps ties in the full prediction order (equal counts, fewer tools than k)', () => {
    const graph = createToolGraph({ decayEvery: 10 });
    const runs = syntheticRuns(12, 40, 3);
    expect(compareAlong(graph, runs, 20)).toBeGreaterThan(100);
    expect(compareAlong(graph, syntheticRuns(12, 10, 4), 1)).toBeGreaterThan(20);
  });

  it('predicts the same after a round trip through JSON, each weight turned off in turn', () => {
    for (const weights of [{}, { intent: 0 }, { recentTools: 0 }, { intent: 0, recentTools: 0 }]) {
      const graph = createToolGraph({ weights });
      for (const run of syntheticRuns(200, 80, 5, false)) graph.learnRun(run);
      const restored = toolGraphFromJSON(graph.toJSON());
      expect(compareAlong(restored, syntheticRuns(200, 20, 6, false), 3)).toBeGreaterThan(50);
    }
  });

  it('ranks the shipped runs as the full prediction does', async () => {
    const paths = [
      'samples/soc-investigation.json',
      'samples/pydicom__pydicom-901.traj.json',
      'samples/openhands',
    ]
      .map((path) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url)))
      .concat(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
    const { transcripts } = await loadTranscripts(paths);
    const runs = transcripts.map((transcript) => agentEvents(transcript.messages));
    expect(runs.length).toBeGreaterThanOrEqual(5);
    const graph = createToolGraph();
    // Twice over: the second pass predicts from a graph that knows every tool.
    expect(compareAlong(graph, [...runs, ...runs], 3)).toBeGreaterThan(100);
  });
});
