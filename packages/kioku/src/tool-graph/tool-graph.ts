import type { AgentEvent } from './agent-event.js';
import { DecayingCounts } from './decaying-counts.js';
import { type DecisionContext, decisionContext, runDecisions } from './decision-context.js';
import { intentWords } from './intent-words.js';
import { PriorRanking } from './prior-ranking.js';
import type { ToolGraphData } from './tool-graph-data.js';
import {
  createToolGraphPredictor,
  evidenceRowTop,
  intentTable,
  recentTable,
  transitionTable,
} from './tool-graph-predictor.js';

/** How much each kind of evidence weighs in a prediction. */
export interface ToolGraphWeights {
  /** Exponent of the intent likelihood ratio from the latest user message's words; 0 turns it off. */
  intent: number;
  /** Weight of the last-two-events context against its backoff (Witten-Bell style, per context count). */
  secondOrder: number;
  /** Exponent of the likelihood ratio from the tools called in the last 8 events (tools called recently rarely repeat; lookups come before writes); 0 turns it off. */
  recentTools: number;
}

/** Options of {@link createToolGraph}. */
export interface ToolGraphOptions {
  /** Counts are multiplied by this every `decayEvery` learned decisions (old habits fade); default 0.95. */
  decay?: number;
  /** Decisions between two decays; default 1,000. */
  decayEvery?: number;
  /** Default intent 1, second order 0.5 (chosen across the dev sets' training halves by bench/tool-graph/predict.mjs). */
  weights?: Partial<ToolGraphWeights>;
  /** Data saved by `toJSON` to start from (its decay and weights win over the options); see `toolGraphFromJSON`. */
  from?: ToolGraphData;
}

/** A ranked prediction of the agent's next action: a tool name, or `<reply>` for a text answer. */
export interface ToolPrediction {
  /**
   * The most probable actions, best first (at most `top` of `predict`'s options), each with its
   * probability among every action the graph knows.
   */
  ranked: Array<{ action: string; probability: number }>;
  /** The top action's probability (0 when the graph knows nothing). */
  confidence: number;
}

/** Options of {@link ToolGraph.predict}. */
export interface PredictOptions {
  /** Most actions `ranked` lists; default 10. The time of a prediction does not grow with the number of tools. */
  top?: number;
}

/** A tool-transition graph learned from agent runs (see {@link createToolGraph}). */
export interface ToolGraph {
  /** Learns one decision: the events before it, and the action the agent took. */
  learn(before: readonly AgentEvent[], action: string): void;
  /** Learns every decision of a finished run. */
  learnRun(events: readonly AgentEvent[]): void;
  predict(before: readonly AgentEvent[], options?: PredictOptions): ToolPrediction;
  /** Decisions learned so far. */
  readonly observations: number;
  /** Runs learned whole with `learnRun` so far (what the cold-start threshold follows). */
  readonly runs: number;
  /** The graph as plain data, exactly: `toolGraphFromJSON(graph.toJSON())` predicts the same. */
  toJSON(): ToolGraphData;
}

const defaults: ToolGraphWeights = { intent: 1, secondOrder: 0.5, recentTools: 0.3 };

/**
 * A tool-transition graph (AutoTool, arXiv 2511.14650, extended): what the agent does next given the last
 * tool it called, its last event and its last two events (a failed call distinct from a successful one,
 * user messages and replies included) — interpolated from general to specific, Witten-Bell style — and
 * two naive-Bayes likelihood ratios per action: from the words of the latest user message, and from the
 * tools called in the last 8 events. Counts decay (0.95 every 1,000 decisions by default) so old habits
 * fade, through one global scale. Learning a decision is O(1) amortized (`learnRun` reads each run once);
 * a prediction scores only the actions its contexts and evidence name and takes every other one from the
 * prior's order and sums (`PriorRanking`): its time does not grow with the number of tools.
 *
 * @example
 * const graph = createToolGraph();
 * for (const run of runs) graph.learnRun(agentEvents(run.messages));
 * graph.predict(agentEvents(history)).ranked[0]; // { action: 'get_reservation_details', probability: 0.83 }
 */
export function createToolGraph({
  decay: decayOption = 0.95,
  decayEvery: decayEveryOption = 1000,
  weights: given = {},
  from,
}: ToolGraphOptions = {}): ToolGraph {
  const weights: ToolGraphWeights = from === undefined ? { ...defaults, ...given } : { ...from.weights };
  const decay = from?.decay ?? decayOption;
  const decayEvery = from?.decayEvery ?? decayEveryOption;
  const counts = new DecayingCounts(decay, decayEvery, 3, evidenceRowTop);
  // The exponents of the background's sums: the ratios' weights alone and together.
  const exponents = [
    ...new Set([weights.intent, weights.recentTools, weights.intent + weights.recentTools]),
  ].filter((exponent) => exponent > 0);
  const ranking = new PriorRanking(exponents);
  let observations = from?.observations ?? 0;
  let runs = from?.runs ?? 0;
  const priorCount = (id: number) => {
    const prior = counts.row(transitionTable, '0');
    const slot = prior?.slots.get(id);
    return slot === undefined ? 0 : (prior?.counts[slot] as number);
  };
  if (from !== undefined) {
    counts.load({
      actions: from.actions,
      scale: from.scale,
      ticks: from.observations,
      tables: [from.transitions, from.intents, from.recentTools],
    });
    ranking.rescale(counts.scale);
    counts.actions.forEach((_, id) => {
      ranking.set(id, priorCount(id));
    });
  }
  let wordsCache: { text: string; words: string[] } | undefined;
  const wordsOf = (text: string): string[] => {
    if (wordsCache?.text !== text) wordsCache = { text, words: intentWords(text) };
    return wordsCache.words;
  };
  const score = createToolGraphPredictor({
    counts,
    ranking,
    exponents,
    weights,
    wordsOf,
    observations: () => observations,
  });

  /** Learns that the agent took `action` in `context`. */
  function learnAt({ contexts, text, recentTools }: DecisionContext, action: string): void {
    const id = counts.idOf(action);
    for (const context of contexts) counts.add(transitionTable, context, id);
    counts.add(transitionTable, '0', id);
    ranking.set(id, priorCount(id));
    if (text !== undefined) for (const word of wordsOf(text)) counts.add(intentTable, word, id);
    for (const tool of recentTools) counts.add(recentTable, tool, id);
    const scale = counts.scale;
    counts.tick();
    // A decay step rescales every count: the background's sums follow (a renormalization also rewrites
    // the stored counts).
    if (counts.scale !== scale) ranking.rescale(counts.scale, counts.scale > scale ? priorCount : undefined);
    observations += 1;
  }

  function predict(before: readonly AgentEvent[], { top = 10 }: PredictOptions = {}): ToolPrediction {
    const prior = counts.row(transitionTable, '0');
    if (prior === undefined || prior.total === 0) return { ranked: [], confidence: 0 };
    const { ids, probabilities } = score(decisionContext(before, before.length), Math.max(1, top));
    const ranked = ids.map((id, rank) => ({
      action: counts.actions[id] as string,
      probability: probabilities[rank] as number,
    }));
    return { ranked, confidence: ranked[0]?.probability ?? 0 };
  }

  return {
    learn: (before, action) => learnAt(decisionContext(before, before.length), action),
    learnRun(events) {
      runs += 1;
      for (const { context, action } of runDecisions(events)) learnAt(context, action);
    },
    predict,
    get observations() {
      return observations;
    },
    get runs() {
      return runs;
    },
    toJSON: () => ({
      version: 2,
      observations,
      runs,
      weights: { ...weights },
      decay,
      decayEvery,
      scale: counts.scale,
      actions: [...counts.actions],
      transitions: counts.rowsJSON(transitionTable),
      intents: counts.rowsJSON(intentTable),
      recentTools: counts.rowsJSON(recentTable),
    }),
  };
}
