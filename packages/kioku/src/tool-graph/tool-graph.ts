import { type AgentEvent, replyAction } from './agent-event.js';
import { type CountRow, DecayingCounts } from './decaying-counts.js';
import { intentWords } from './intent-words.js';
import { sortByScore } from './sort-by-score.js';
import type { ToolGraphData } from './tool-graph-data.js';

/** How much each kind of evidence weighs in a prediction. */
export interface ToolGraphWeights {
  /** Exponent of the intent likelihood ratio from the latest user message's words; 0 turns it off. */
  intent: number;
  /** Weight of the last-two-events context against its backoff (Witten-Bell style, per context count). */
  secondOrder: number;
}

/** Options of {@link createToolGraph}. */
export interface ToolGraphOptions {
  /** Counts are multiplied by this every `decayEvery` observed actions (old habits fade); default 0.95. */
  decay?: number;
  decayEvery?: number;
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

/** A tool-transition graph learned from agent runs (see {@link createToolGraph}). */
export interface ToolGraph {
  /** Learns one decision: the events before it, and the action the agent took. */
  learn(before: readonly AgentEvent[], action: string): void;
  /** Learns every decision of a finished run. */
  learnRun(events: readonly AgentEvent[]): void;
  predict(before: readonly AgentEvent[]): ToolPrediction;
  /** Decisions learned so far. */
  readonly observations: number;
  /** Runs learned whole with `learnRun` so far (what the cold-start threshold follows). */
  readonly runs: number;
  /** The graph as plain data, exactly: `toolGraphFromJSON(graph.toJSON())` predicts the same. */
  toJSON(): ToolGraphData;
}

const start = '<start>';
const user = '<user>';
const defaults: ToolGraphWeights = { intent: 1, secondOrder: 0.5 };
const transitionTable = 0;
const intentTable = 1;

/** The token an event contributes to the transition context. */
function token(event: AgentEvent): string {
  if (event.kind === 'user') return user;
  if (event.kind === 'reply') return replyAction;
  return event.outcome === 'error' ? `${event.tool}!` : event.tool;
}

/** The action an event is, when the agent took it (a call or a reply). */
export function actionOf(event: AgentEvent): string | undefined {
  return event.kind === 'call' ? event.tool : event.kind === 'reply' ? replyAction : undefined;
}

/**
 * The contexts of the next decision, from general to specific: the last tool called (user messages and
 * replies since skipped), the last event, and the last two events (a failed call distinct from a
 * successful one).
 */
function contexts(before: readonly AgentEvent[]): [string, string, string] {
  let lastTool = start;
  for (let index = before.length - 1; index >= 0; index -= 1) {
    const event = before[index] as AgentEvent;
    if (event.kind === 'call') {
      lastTool = token(event);
      break;
    }
  }
  const last = before.at(-1);
  const previous = before.at(-2);
  const first = last === undefined ? start : token(last);
  const second = previous === undefined ? start : token(previous);
  return [`t|${lastTool}`, `1|${first}`, `2|${second}|${first}`];
}

function latestUser(before: readonly AgentEvent[]): string | undefined {
  for (let index = before.length - 1; index >= 0; index -= 1) {
    const event = before[index];
    if (event?.kind === 'user') return event.text;
  }
  return undefined;
}

const wordLog = (count: number): number => Math.log(1 + 2 * count);
const priorLog = (count: number): number => Math.log(count + 0.5);

/** `transform` of each scaled count of a row, cached on the row until it or the scale changes. */
function derived(row: CountRow, scale: number, transform: (count: number) => number): Float64Array {
  const cached = row.derived;
  if (cached !== undefined && cached.changes === row.changes && cached.scale === scale) return cached.values;
  const values = new Float64Array(row.ids.length);
  for (let slot = 0; slot < values.length; slot += 1)
    values[slot] = transform((row.counts[slot] as number) * scale);
  row.derived = { changes: row.changes, scale, values };
  return values;
}

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
 * the words of the latest user message (a naive-Bayes likelihood ratio per action). Counts decay (0.95
 * every 1,000 decisions by default) so old habits fade; learning a decision is O(1) amortized, and a
 * prediction is O(actions + counts of the contexts and words it reads), its word features cached per user
 * message until the next decision is learned.
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
  const counts = new DecayingCounts(decay, decayEvery, 2);
  let observations = from?.observations ?? 0;
  let runs = from?.runs ?? 0;
  if (from !== undefined) {
    counts.load({
      actions: from.actions,
      scale: from.scale,
      ticks: from.observations,
      tables: [from.transitions, from.intents],
    });
  }
  // Per-prediction scratch (no allocation per step but the result), and the latest user message's caches.
  let scores = new Float64Array(64);
  let order = new Int32Array(64);
  let orderBuffer = new Int32Array(64);
  let wordsCache: { text: string; words: string[] } | undefined;
  let intentCache: { text: string; observations: number; factors: Float64Array | undefined } | undefined;

  const wordsOf = (text: string): string[] => {
    if (wordsCache?.text !== text) wordsCache = { text, words: intentWords(text) };
    return wordsCache.words;
  };

  function learn(before: readonly AgentEvent[], action: string): void {
    const id = counts.idOf(action);
    for (const context of contexts(before)) counts.add(transitionTable, context, id);
    counts.add(transitionTable, '0', id);
    const text = latestUser(before);
    if (text !== undefined) for (const word of wordsOf(text)) counts.add(intentTable, word, id);
    counts.tick();
    observations += 1;
  }

  /**
   * Per action id, P(action | words) / P(action) raised to the intent weight, the ratio being the geometric
   * mean over the message's known words (seen 2+ times) of add-½-smoothed P(action | word) / P(action);
   * undefined when no word is known. Cached until the next learned decision.
   */
  function intentFactors(text: string, prior: CountRow, actions: number): Float64Array | undefined {
    if (intentCache?.text === text && intentCache.observations === observations) return intentCache.factors;
    const scale = counts.scale;
    let sums: Float64Array | undefined;
    let base = 0;
    let seen = 0;
    for (const word of wordsOf(text)) {
      const row = counts.row(intentTable, word);
      if (row === undefined || row.total * scale < 2) continue;
      if (sums === undefined) sums = new Float64Array(actions);
      seen += 1;
      // log((count + ½) / (total + ½·actions)) = log(½ / (total + ½·actions)) + log(1 + 2·count).
      base += Math.log(0.5 / (row.total * scale + 0.5 * actions));
      const logs = derived(row, scale, wordLog);
      for (let slot = 0; slot < row.ids.length; slot += 1) {
        const id = row.ids[slot] as number;
        sums[id] = (sums[id] as number) + (logs[slot] as number);
      }
    }
    if (sums !== undefined) {
      const priorBase = Math.log(prior.total * scale + 0.5 * actions);
      const priorLogs = derived(prior, scale, priorLog);
      for (let slot = 0; slot < prior.ids.length; slot += 1) {
        const id = prior.ids[slot] as number;
        const meanLogRatio = (base + (sums[id] as number)) / seen - ((priorLogs[slot] as number) - priorBase);
        sums[id] = Math.exp(meanLogRatio * weights.intent);
      }
    }
    intentCache = { text, observations, factors: sums };
    return sums;
  }

  function predict(before: readonly AgentEvent[]): ToolPrediction {
    const prior = counts.row(transitionTable, '0');
    if (prior === undefined || prior.total === 0) return { ranked: [], confidence: 0 };
    const actions = counts.actions.length;
    if (scores.length < actions) {
      scores = new Float64Array(actions * 2);
      order = new Int32Array(actions * 2);
      orderBuffer = new Int32Array(actions * 2);
    }
    const p = scores;
    p.fill(0, 0, actions);
    for (let slot = 0; slot < prior.ids.length; slot += 1) {
      p[prior.ids[slot] as number] = (prior.counts[slot] as number) / prior.total;
    }
    const scale = counts.scale;
    const [lastTool, lastEvent, lastTwo] = contexts(before);
    interpolate(p, actions, counts.row(transitionTable, lastTool), 1, scale);
    interpolate(p, actions, counts.row(transitionTable, lastEvent), 1, scale);
    interpolate(p, actions, counts.row(transitionTable, lastTwo), weights.secondOrder, scale);
    const text = latestUser(before);
    const factors =
      text === undefined || weights.intent === 0 ? undefined : intentFactors(text, prior, actions);
    if (factors !== undefined) {
      for (let id = 0; id < actions; id += 1) p[id] = (p[id] as number) * (factors[id] as number);
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

  return {
    learn,
    learnRun(events) {
      runs += 1;
      events.forEach((event, index) => {
        const action = actionOf(event);
        if (action !== undefined) learn(events.slice(0, index), action);
      });
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
    }),
  };
}
