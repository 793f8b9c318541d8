import { type AgentEvent, replyAction } from './agent-event.js';
import { DecayingCounts } from './decaying-counts.js';
import { intentWords } from './intent-words.js';
import type { ToolGraphData } from './tool-graph-data.js';

/** How much each kind of evidence weighs in a prediction. */
export interface ToolGraphWeights {
  /** Exponent of the intent likelihood ratio from the latest user message's words; 0 turns it off. */
  intent: number;
  /** Weight of the second-order context against its backoff (Witten-Bell style, per context count). */
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
const defaults: ToolGraphWeights = { intent: 0.6, secondOrder: 1 };

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
 * A tool-transition graph (AutoTool, arXiv 2511.14650, extended): what the agent does next given its last
 * two events (first and second order, a failed call distinct from a successful one, user messages and
 * replies included) and the words of the latest user message. Counts decay (0.95 every 1,000 decisions by
 * default) so old habits fade; learning a decision is O(1) amortized.
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
  const transitions = new DecayingCounts(decay, decayEvery);
  const intents = new DecayingCounts(decay, decayEvery);
  let observations = from?.observations ?? 0;
  let runs = from?.runs ?? 0;
  if (from !== undefined) {
    transitions.load(from.transitions);
    intents.load(from.intents);
  }
  let intentCache: { text: string; ratios: Map<string, number> } | undefined;

  const contexts = (before: readonly AgentEvent[]) => {
    const last = before.at(-1);
    const previous = before.at(-2);
    const first = last === undefined ? start : token(last);
    const second = previous === undefined ? start : token(previous);
    return { order1: `1|${first}`, order2: `2|${second}|${first}` };
  };
  const latestUser = (before: readonly AgentEvent[]): string | undefined => {
    for (let index = before.length - 1; index >= 0; index -= 1) {
      const event = before[index];
      if (event?.kind === 'user') return event.text;
    }
    return undefined;
  };

  function learn(before: readonly AgentEvent[], action: string): void {
    const { order1, order2 } = contexts(before);
    transitions.add(order2, action);
    transitions.add(order1, action);
    transitions.add('0', action);
    const text = latestUser(before);
    if (text !== undefined) for (const word of intentWords(text)) intents.add(word, action);
    observations += 1;
    intentCache = undefined;
    wordCache.clear();
  }

  /** log(P(action | word) / P(action)) per action, for a word seen often enough; cached until the next learn. */
  const wordCache = new Map<string, Map<string, number> | null>();
  function wordLogRatios(word: string): Map<string, number> | null {
    const cached = wordCache.get(word);
    if (cached !== undefined) return cached;
    const row = intents.row(word);
    const total = intents.total(word);
    const prior = transitions.row('0');
    let ratios: Map<string, number> | null = null;
    if (row !== undefined && total >= 2 && prior !== undefined) {
      ratios = new Map();
      const priorTotal = transitions.total('0');
      const actions = prior.size;
      for (const [action, priorCount] of prior) {
        const conditional = ((row.get(action) ?? 0) * intents.factor + 0.5) / (total + 0.5 * actions);
        const marginal = (priorCount * transitions.factor + 0.5) / (priorTotal + 0.5 * actions);
        ratios.set(action, Math.log(conditional / marginal));
      }
    }
    wordCache.set(word, ratios);
    return ratios;
  }

  /** P(action | words) / P(action), geometric mean over the words that were seen, per action. */
  function intentRatios(text: string): Map<string, number> {
    if (intentCache?.text === text) return intentCache.ratios;
    const logSums = new Map<string, number>();
    let seen = 0;
    for (const word of intentWords(text)) {
      const ratios = wordLogRatios(word);
      if (ratios === null) continue;
      seen += 1;
      for (const [action, logRatio] of ratios) logSums.set(action, (logSums.get(action) ?? 0) + logRatio);
    }
    const result = new Map<string, number>();
    if (seen > 0) for (const [action, sum] of logSums) result.set(action, Math.exp(sum / seen));
    intentCache = { text, ratios: result };
    return result;
  }

  function predict(before: readonly AgentEvent[]): ToolPrediction {
    const prior = transitions.row('0');
    if (prior === undefined) return { ranked: [], confidence: 0 };
    const { order1, order2 } = contexts(before);
    const distribution = (context: string) => {
      const row = transitions.row(context);
      const total = transitions.total(context);
      return { row, total, distinct: row?.size ?? 0 };
    };
    const p0Total = transitions.total('0');
    const d1 = distribution(order1);
    const d2 = distribution(order2);
    const text = latestUser(before);
    const ratios = text === undefined || weights.intent === 0 ? undefined : intentRatios(text);
    const scores: Array<{ action: string; probability: number }> = [];
    let sum = 0;
    for (const [action, priorCount] of prior) {
      const p0 = (priorCount * transitions.factor) / p0Total;
      const c1 = (d1.row?.get(action) ?? 0) * transitions.factor;
      const l1 = d1.total === 0 ? 0 : d1.total / (d1.total + d1.distinct);
      const p1 = l1 * (d1.total === 0 ? 0 : c1 / d1.total) + (1 - l1) * p0;
      const c2 = (d2.row?.get(action) ?? 0) * transitions.factor;
      const l2 = d2.total === 0 ? 0 : d2.total / (d2.total + d2.distinct / weights.secondOrder);
      let p = l2 * (d2.total === 0 ? 0 : c2 / d2.total) + (1 - l2) * p1;
      const ratio = ratios?.get(action);
      if (ratio !== undefined) p *= ratio ** weights.intent;
      scores.push({ action, probability: p });
      sum += p;
    }
    for (const score of scores) score.probability /= sum;
    scores.sort((a, b) => b.probability - a.probability);
    return { ranked: scores, confidence: scores[0]?.probability ?? 0 };
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
      version: 1,
      observations,
      runs,
      weights: { ...weights },
      decay,
      decayEvery,
      transitions: transitions.toJSON(),
      intents: intents.toJSON(),
    }),
  };
}
