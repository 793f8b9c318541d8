import type { AgentEvent } from './agent-event.js';
import { type CountRow, DecayingCounts } from './decaying-counts.js';
import {
  actionOf,
  contexts,
  derived,
  intentTable,
  keyLog,
  latestUser,
  priorLog,
  recentTable,
  recentTools,
  transitionTable,
} from './decision-context.js';
import { intentWords } from './intent-words.js';
import { sortByScore } from './sort-by-score.js';
import type { ToolGraphData } from './tool-graph-data.js';
import { topPredictor } from './top-predictor.js';

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
  ranked: Array<{ action: string; probability: number }>;
  /** The top action's probability (0 when the graph knows nothing). */
  confidence: number;
}

/** Options of `ToolGraph.predict`. */
export interface PredictOptions {
  /** Rank only the best `top` actions (at least 1); default every action. */
  top?: number;
}

/** A tool-transition graph learned from agent runs (see {@link createToolGraph}). */
export interface ToolGraph {
  /** Learns one decision: the events before it, and the action the agent took. */
  learn(before: readonly AgentEvent[], action: string): void;
  /** Learns every decision of a finished run. */
  learnRun(events: readonly AgentEvent[]): void;
  /**
   * The actions ranked by probability: all of them, or with `top` the best `top` only (the same ranking and
   * probabilities, in time proportional to the evidence the decision reads and `top`, not to the number of
   * tools).
   */
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
 * One Witten-Bell step, in place: p ← λ·P(action | context) + (1 − λ)·p, with λ = n / (n + distinct / weight)
 * (n the context's decayed count); nothing when the context was never seen.
 */
function interpolate(
  p: Float64Array,
  actions: number,
  row: CountRow | undefined,
  weight: number,
  scale: number,
): void {
  if (row === undefined || row.total === 0) return;
  const total = row.total * scale;
  const lambda = total / (total + row.ids.length / weight);
  for (let id = 0; id < actions; id += 1) p[id] = (p[id] as number) * (1 - lambda);
  for (let slot = 0; slot < row.ids.length; slot += 1) {
    const id = row.ids[slot] as number;
    p[id] = (p[id] as number) + (lambda * (row.counts[slot] as number)) / row.total;
  }
}

/**
 * A tool-transition graph (AutoTool, arXiv 2511.14650, extended): what the agent does next given the last
 * tool it called, its last event and its last two events (a failed call distinct from a successful one,
 * user messages and replies included) — interpolated from general to specific, Witten-Bell style — and
 * two naive-Bayes likelihood ratios per action: from the words of the latest user message, and from the
 * tools called in the last 8 events. Counts decay (0.95
 * every 1,000 decisions by default) so old habits fade. Learning a decision is O(1) amortized (it reads
 * back to the last tool call and the latest user message); a prediction is O(actions + the counts of the
 * contexts and words it reads), its word features cached per user message until the next decision is
 * learned.
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
  const counts = new DecayingCounts(decay, decayEvery, 3);
  let observations = from?.observations ?? 0;
  let runs = from?.runs ?? 0;
  if (from !== undefined) {
    counts.load({
      actions: from.actions,
      scale: from.scale,
      ticks: from.observations,
      tables: [from.transitions, from.intents, from.recentTools],
    });
  }
  // Per-prediction scratch (no allocation per step but the result), and the latest user message's caches.
  let scores = new Float64Array(64);
  let logRatios = new Float64Array(64);
  let keySums = new Float64Array(64);
  let order = new Int32Array(64);
  let orderBuffer = new Int32Array(64);
  let wordsCache: { text: string; words: string[] } | undefined;
  let intentCache: { text: string; observations: number; logs: Float64Array | undefined } | undefined;

  const wordsOf = (text: string): string[] => {
    if (wordsCache?.text !== text) wordsCache = { text, words: intentWords(text) };
    return wordsCache.words;
  };

  /** Learns that the agent took `action` after the first `end` events. */
  function learnAt(events: readonly AgentEvent[], end: number, action: string): void {
    const id = counts.idOf(action);
    for (const context of contexts(events, end)) counts.add(transitionTable, context, id);
    counts.add(transitionTable, '0', id);
    const text = latestUser(events, end);
    if (text !== undefined) for (const word of wordsOf(text)) counts.add(intentTable, word, id);
    for (const tool of recentTools(events, end)) counts.add(recentTable, tool, id);
    counts.tick();
    top.learned(id);
    observations += 1;
  }

  /**
   * Adds to `into`, per action id, `weight` × the mean over the known `keys` (rows of `table` seen 2+ times)
   * of log(P(action | key) / P(action)), add-½ smoothed — a naive-Bayes likelihood ratio, geometric mean
   * over the evidence. Returns false, adding nothing, when no key is known.
   */
  function addLogRatios(
    table: number,
    keys: readonly string[],
    weight: number,
    prior: CountRow,
    actions: number,
    into: Float64Array,
  ): boolean {
    const scale = counts.scale;
    let base = 0;
    let seen = 0;
    for (const key of keys) {
      const row = counts.row(table, key);
      if (row === undefined || row.total * scale < 2) continue;
      if (seen === 0) {
        if (keySums.length < actions) keySums = new Float64Array(actions * 2);
        keySums.fill(0, 0, actions);
      }
      seen += 1;
      // log((count + ½) / (total + ½·actions)) = log(½ / (total + ½·actions)) + log(1 + 2·count).
      base += Math.log(0.5 / (row.total * scale + 0.5 * actions));
      const logs = derived(row, scale, keyLog);
      for (let slot = 0; slot < row.ids.length; slot += 1) {
        const id = row.ids[slot] as number;
        keySums[id] = (keySums[id] as number) + (logs[slot] as number);
      }
    }
    if (seen === 0) return false;
    const priorBase = Math.log(prior.total * scale + 0.5 * actions);
    const priorLogs = derived(prior, scale, priorLog);
    for (let slot = 0; slot < prior.ids.length; slot += 1) {
      const id = prior.ids[slot] as number;
      const meanLogRatio =
        (base + (keySums[id] as number)) / seen - ((priorLogs[slot] as number) - priorBase);
      into[id] = (into[id] as number) + weight * meanLogRatio;
    }
    return true;
  }

  /** The latest user message's weighted log ratios per action id (undefined: no known word), cached until the next learned decision. */
  function intentLogs(text: string, prior: CountRow, actions: number): Float64Array | undefined {
    if (intentCache?.text === text && intentCache.observations === observations) return intentCache.logs;
    const logs = new Float64Array(actions);
    const known = addLogRatios(intentTable, wordsOf(text), weights.intent, prior, actions, logs);
    intentCache = { text, observations, logs: known ? logs : undefined };
    return intentCache.logs;
  }

  function predict(before: readonly AgentEvent[]): ToolPrediction {
    const prior = counts.row(transitionTable, '0');
    if (prior === undefined || prior.total === 0) return { ranked: [], confidence: 0 };
    const actions = counts.actions.length;
    if (scores.length < actions) {
      scores = new Float64Array(actions * 2);
      logRatios = new Float64Array(actions * 2);
      order = new Int32Array(actions * 2);
      orderBuffer = new Int32Array(actions * 2);
    }
    const p = scores;
    p.fill(0, 0, actions);
    for (let slot = 0; slot < prior.ids.length; slot += 1) {
      p[prior.ids[slot] as number] = (prior.counts[slot] as number) / prior.total;
    }
    const scale = counts.scale;
    const [lastTool, lastEvent, lastTwo] = contexts(before, before.length);
    interpolate(p, actions, counts.row(transitionTable, lastTool), 1, scale);
    interpolate(p, actions, counts.row(transitionTable, lastEvent), 1, scale);
    interpolate(p, actions, counts.row(transitionTable, lastTwo), weights.secondOrder, scale);
    const text = latestUser(before, before.length);
    const intent = text === undefined || weights.intent === 0 ? undefined : intentLogs(text, prior, actions);
    const logs = logRatios;
    if (intent === undefined) logs.fill(0, 0, actions);
    else logs.set(intent.subarray(0, actions));
    const recent =
      weights.recentTools > 0 &&
      addLogRatios(
        recentTable,
        recentTools(before, before.length),
        weights.recentTools,
        prior,
        actions,
        logs,
      );
    if (intent !== undefined || recent) {
      for (let id = 0; id < actions; id += 1) p[id] = (p[id] as number) * Math.exp(logs[id] as number);
    }
    let sum = 0;
    for (let id = 0; id < actions; id += 1) sum += p[id] as number;
    const sorted = sortByScore(p, actions, order, orderBuffer);
    const ranked: Array<{ action: string; probability: number }> = new Array(actions);
    for (let rank = 0; rank < actions; rank += 1) {
      const id = sorted[rank] as number;
      ranked[rank] = { action: counts.actions[id] as string, probability: (p[id] as number) / sum };
    }
    return { ranked, confidence: ranked[0]?.probability ?? 0 };
  }

  const top = topPredictor(counts, weights, wordsOf, predict);

  return {
    learn: (before, action) => learnAt(before, before.length, action),
    learnRun(events) {
      runs += 1;
      events.forEach((event, index) => {
        const action = actionOf(event);
        if (action !== undefined) learnAt(events, index, action);
      });
    },
    predict: (before, options) =>
      options?.top === undefined ? predict(before) : top.predict(before, options.top),
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
