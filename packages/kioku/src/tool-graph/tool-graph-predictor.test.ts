import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import { decisionContext } from './decision-context.js';
import { intentWords } from './intent-words.js';
import { createToolGraph } from './tool-graph.js';
import type { ToolGraphData } from './tool-graph-data.js';
import { toolGraphFromJSON } from './tool-graph-from-json.js';
import { evidenceRowTop } from './tool-graph-predictor.js';

type Rows = Map<string, { total: number; size: number; counts: Map<string, number> }>;
/** Each row with its most frequent actions only (ties: first seen), its total and size as they are. */
const rowsOf = (data: ToolGraphData['transitions'], top = evidenceRowTop): Rows =>
  new Map(
    data.map(([key, total, counts]) => [
      key,
      {
        total,
        size: counts.length,
        counts: new Map(
          counts
            .map((entry, slot) => ({ entry, slot }))
            .sort((a, b) => b.entry[1] - a.entry[1] || a.slot - b.slot)
            .slice(0, top)
            .map(({ entry }) => entry),
        ),
      },
    ]),
  );

/**
 * The graph's prediction computed the slow, plain way, from its saved data: every action scored (the
 * interpolated transition rows times the two likelihood ratios, each row counting with its
 * `evidenceRowTop` most frequent actions), then sorted. What the graph must match.
 */
function scoreEveryAction(data: ToolGraphData) {
  const { scale, actions, weights } = data;
  const transitions = rowsOf(data.transitions);
  const intents = rowsOf(data.intents);
  const recents = rowsOf(data.recentTools);
  const prior = rowsOf(data.transitions, Number.POSITIVE_INFINITY).get('0');
  return (before: readonly AgentEvent[]) => {
    if (prior === undefined) return [];
    const { contexts, text, recentTools } = decisionContext(before, before.length);
    const p = new Map(actions.map((action) => [action, (prior.counts.get(action) ?? 0) / prior.total]));
    contexts.forEach((key, index) => {
      const row = transitions.get(key);
      if (row === undefined || row.total === 0) return;
      const total = row.total * scale;
      const lambda = total / (total + row.size / (index === 2 ? weights.secondOrder : 1));
      for (const action of actions) {
        p.set(
          action,
          (p.get(action) ?? 0) * (1 - lambda) + (lambda * (row.counts.get(action) ?? 0)) / row.total,
        );
      }
    });
    const logs = new Map(actions.map((action) => [action, 0]));
    let ratios = false;
    const priorBase = Math.log(prior.total * scale + 0.5 * actions.length);
    const addRatios = (rows: Rows, keys: readonly string[], weight: number) => {
      const known = keys.flatMap((key) => {
        const row = rows.get(key);
        return row !== undefined && row.total * scale >= 2 ? [row] : [];
      });
      if (weight === 0 || known.length === 0) return;
      ratios = true;
      for (const action of actions) {
        let sum = 0;
        for (const row of known)
          sum +=
            Math.log(0.5 / (row.total * scale + 0.5 * actions.length)) +
            Math.log(1 + 2 * (row.counts.get(action) ?? 0) * scale);
        const priorLog = Math.log((prior.counts.get(action) ?? 0) * scale + 0.5);
        logs.set(action, (logs.get(action) ?? 0) + weight * (sum / known.length - (priorLog - priorBase)));
      }
    };
    if (text !== undefined) addRatios(intents, intentWords(text), weights.intent);
    addRatios(recents, recentTools, weights.recentTools);
    const scores = actions.map((action, id) => ({
      action,
      id,
      score: (p.get(action) ?? 0) * (ratios ? Math.exp(logs.get(action) ?? 0) : 1),
    }));
    const total = scores.reduce((sum, entry) => sum + entry.score, 0);
    return scores
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .map((entry) => ({ action: entry.action, probability: entry.score / total }));
  };
}

const tools = Array.from({ length: 40 }, (_, index) => `tool_${index}`);
const words = ['book', 'cancel', 'flight', 'refund', 'order', 'status', 'change', 'seat', 'bag', 'price'];
const runArbitrary = fc
  .record({
    text: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }),
    steps: fc.array(
      fc.oneof(
        fc.record({ tool: fc.integer({ min: 0, max: 79 }), failed: fc.boolean() }),
        fc.constant('reply' as const),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
      ),
      { minLength: 1, maxLength: 16, size: 'max' },
    ),
  })
  .map(({ text, steps }): AgentEvent[] => [
    { kind: 'user', text: text.join(' ') },
    ...steps.map((step): AgentEvent => {
      if (step === 'reply') return { kind: 'reply' };
      if (Array.isArray(step)) return { kind: 'user', text: step.join(' ') };
      // A few tools are the usual ones, as agents call them; the others make rows longer than what a
      // prediction reads of them.
      const tool = tools[step.tool < 40 ? step.tool % 6 : step.tool - 40] as string;
      return { kind: 'call', tool, input: {}, outcome: step.failed ? 'error' : 'ok' };
    }),
  ]);

describe('tool graph prediction', () => {
  it('ranks and weighs every action as scoring each of them would, naming only a few', () => {
    fc.assert(
      fc.property(
        fc.array(runArbitrary, { minLength: 1, maxLength: 60, size: 'max' }),
        runArbitrary,
        fc.constantFrom(1000, 7),
        (runs, probe, decayEvery) => {
          // decayEvery 7 with decay 0.2 renormalizes the counts several times along the way.
          const graph = createToolGraph({ decay: decayEvery === 7 ? 0.2 : 0.95, decayEvery });
          for (const run of runs) graph.learnRun(run);
          const restored = toolGraphFromJSON(JSON.parse(JSON.stringify(graph.toJSON())));
          const reference = scoreEveryAction(graph.toJSON());
          for (let end = 0; end <= probe.length; end += 1) {
            const before = probe.slice(0, end);
            const expected = reference(before);
            const probability = new Map(expected.map((entry) => [entry.action, entry.probability]));
            for (const predicted of [
              graph.predict(before, { top: 50 }),
              restored.predict(before, { top: 50 }),
            ]) {
              // Every action, each with its probability, in order (scores equal up to rounding may swap).
              expect(predicted.ranked).toHaveLength(expected.length);
              predicted.ranked.forEach((entry, rank) => {
                expect(entry.probability).toBeCloseTo(expected[rank]?.probability ?? Number.NaN, 9);
                expect(entry.probability).toBeCloseTo(probability.get(entry.action) ?? Number.NaN, 9);
              });
            }
            const [best] = graph.predict(before, { top: 1 }).ranked;
            if (expected.length === 0) expect(best).toBeUndefined();
            else expect(best?.probability).toBeCloseTo(expected[0]?.probability ?? Number.NaN, 9);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
