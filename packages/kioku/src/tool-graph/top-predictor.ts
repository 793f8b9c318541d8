import type { AgentEvent } from './agent-event.js';
import type { CountRow, DecayingCounts } from './decaying-counts.js';
import {
  contexts,
  derived,
  intentTable,
  keyLog,
  latestUser,
  recentTable,
  recentTools,
  transitionTable,
} from './decision-context.js';
import { type IntentOrder, IntentOrders } from './intent-orders.js';
import { PriorOrders } from './prior-orders.js';
import type { ToolGraphWeights, ToolPrediction } from './tool-graph.js';

/** A graph's top-k predictions, kept in step with what it learns (see {@link topPredictor}). */
export interface TopPredictor {
  /** The `top` best actions, ranked and with the probabilities `predict` gives them. */
  predict(before: readonly AgentEvent[], top: number): ToolPrediction;
  /** After a decision was learned: `id`'s prior count changed, and the scale may have. */
  learned(id: number): void;
}

/** Above one action in this many mentioned by the evidence, the full prediction ranks (it is faster then). */
const mostMentioned = 4;

/** Slack on the bound that stops reading an order: far above floating-point error, far below any real gap. */
const slack = 1e-9;

/**
 * Top-k predictions with the scores and ranking of a graph's full prediction, in time proportional to the
 * evidence the decision reads (its context rows and recent tools, a known user message's words) and `top`,
 * not to the number of actions: the actions the context rows and recent tools mention are scored as the full
 * prediction scores them; every other action's score is its weight in a kept order times one factor of the
 * decision — the prior order (`PriorOrders`) or, when the user message has known words, that message's
 * order, where each action's prior weight is multiplied by its intent factor (`IntentOrders`) — so they are
 * read from the order only while they can still rank in the top; the probabilities' sum adds the mentioned
 * scores to that factor times the order's total less the mentioned weights. A message's order is built at
 * its first prediction (time proportional to the actions) and then moved one action per decision learned.
 * When the context rows and recent tools mention more than a quarter of the actions, the full prediction
 * ranks them (faster then).
 */
export function topPredictor(
  counts: DecayingCounts,
  weights: ToolGraphWeights,
  wordsOf: (text: string) => string[],
  full: (before: readonly AgentEvent[]) => ToolPrediction,
): TopPredictor {
  const exponents = [0, weights.intent, weights.recentTools, weights.intent + weights.recentTools];
  let orders: PriorOrders | undefined;
  let orderedAt = -1;
  const intents = new IntentOrders(counts, weights.intent, [
    weights.intent,
    weights.intent + weights.recentTools,
  ]);
  let stamp = 0;
  let seenAt = new Int32Array(64);
  let recentAt = new Int32Array(64);
  let intentAt = new Int32Array(64);
  let intentSums = new Float64Array(64);
  let recentSums = new Float64Array(64);
  let mentioned: number[] = [];

  const priorCount = (prior: CountRow | undefined, id: number): number => {
    const slot = prior?.slots.get(id);
    return slot === undefined ? 0 : (prior?.counts[slot] as number);
  };

  /** The orders at the current scale, built on first use. */
  function ordersNow(prior: CountRow): PriorOrders {
    if (orders === undefined) {
      orders = new PriorOrders(exponents);
      if (counts.actions.length > 0) orders.set(counts.actions.length - 1, 0);
    }
    if (orderedAt !== counts.scaleChanges || orders.length < counts.actions.length) {
      if (orders.length < counts.actions.length) orders.set(counts.actions.length - 1, 0);
      orders.rescale(counts.scale, (id) => priorCount(prior, id));
      orderedAt = counts.scaleChanges;
    }
    return orders;
  }

  function room(actions: number): void {
    if (seenAt.length >= actions) return;
    const size = actions * 2;
    seenAt = grown(seenAt, size);
    recentAt = grown(recentAt, size);
    intentAt = grown(intentAt, size);
    intentSums = new Float64Array(size);
    recentSums = new Float64Array(size);
  }

  /** Sums of log ratios over the known keys (as the full prediction's), for the ids they hold. */
  function keySums(
    table: number,
    keys: readonly string[],
    actions: number,
    at: Int32Array,
    sums: Float64Array,
  ): { base: number; seen: number } {
    const scale = counts.scale;
    let base = 0;
    let seen = 0;
    for (const key of keys) {
      const row = counts.row(table, key);
      if (row === undefined || row.total * scale < 2) continue;
      seen += 1;
      base += Math.log(0.5 / (row.total * scale + 0.5 * actions));
      const logs = derived(row, scale, keyLog);
      for (let slot = 0; slot < row.ids.length; slot += 1) {
        const id = row.ids[slot] as number;
        if (at[id] !== stamp) {
          at[id] = stamp;
          sums[id] = 0;
        }
        sums[id] = (sums[id] as number) + (logs[slot] as number);
        mention(id);
      }
    }
    return { base, seen };
  }

  function mention(id: number): void {
    if (seenAt[id] === stamp) return;
    seenAt[id] = stamp;
    mentioned.push(id);
  }

  function predict(before: readonly AgentEvent[], top: number): ToolPrediction {
    const prior = counts.row(transitionTable, '0');
    if (prior === undefined || prior.total === 0 || top < 1) return { ranked: [], confidence: 0 };
    const actions = counts.actions.length;
    const priorOrdered = ordersNow(prior);
    room(actions);
    stamp += 1;
    mentioned = [];
    const scale = counts.scale;
    const rows: Array<{ row: CountRow; lambda: number }> = [];
    const [lastTool, lastEvent, lastTwo] = contexts(before, before.length);
    for (const [context, weight] of [
      [lastTool, 1],
      [lastEvent, 1],
      [lastTwo, weights.secondOrder],
    ] as const) {
      const row = counts.row(transitionTable, context);
      if (row === undefined || row.total === 0) continue;
      const total = row.total * scale;
      rows.push({ row, lambda: total / (total + row.ids.length / weight) });
      for (const id of row.ids) mention(id);
    }
    const recent =
      weights.recentTools > 0
        ? keySums(recentTable, recentTools(before, before.length), actions, recentAt, recentSums)
        : { base: 0, seen: 0 };
    // Evidence that mentions most actions leaves little to skip: the full prediction is faster then (and
    // the message's intent order is not needed).
    if (mentioned.length * mostMentioned > actions) {
      const ranked = full(before).ranked.slice(0, top);
      return { ranked, confidence: ranked[0]?.probability ?? 0 };
    }
    const text = latestUser(before, before.length);
    const intent = { base: 0, seen: 0 };
    let kept: IntentOrder | undefined;
    if (text !== undefined && weights.intent > 0) {
      const words: string[] = [];
      const known: CountRow[] = [];
      for (const word of wordsOf(text)) {
        const row = counts.row(intentTable, word);
        if (row === undefined || row.total * scale < 2) continue;
        words.push(word);
        known.push(row);
        intent.seen += 1;
        intent.base += Math.log(0.5 / (row.total * scale + 0.5 * actions));
      }
      if (intent.seen > 0) kept = intents.current(words, prior);
      if (intent.seen > 0 && kept === undefined) {
        // No kept order: the words' rows mention their actions, unless they mention most actions; then the
        // message's order is built (about the full prediction's time) and read at its next predictions too.
        const before = mentioned.length;
        keySums(intentTable, words, actions, intentAt, intentSums);
        if (mentioned.length * mostMentioned > actions) {
          for (let index = before; index < mentioned.length; index += 1)
            seenAt[mentioned[index] as number] = 0;
          mentioned.length = before;
          kept = intents.of(words, known, prior);
        }
      }
    }
    const ordered = kept?.orders ?? priorOrdered;
    const priorBase = Math.log(prior.total * scale + 0.5 * actions);
    /** The full prediction's score of `id`, operation for operation. */
    const score = (id: number): number => {
      const slot = prior.slots.get(id);
      let p = slot === undefined ? 0 : (prior.counts[slot] as number) / prior.total;
      for (const { row, lambda } of rows) {
        p *= 1 - lambda;
        const at = row.slots.get(id);
        if (at !== undefined) p += (lambda * (row.counts[at] as number)) / row.total;
      }
      if (intent.seen === 0 && recent.seen === 0) return p;
      let log = 0;
      if (slot !== undefined) {
        const priorTerm = Math.log((prior.counts[slot] as number) * scale + 0.5) - priorBase;
        if (intent.seen > 0) {
          const sum =
            kept !== undefined
              ? (kept.sums[id] as number)
              : intentAt[id] === stamp
                ? (intentSums[id] as number)
                : 0;
          log = 0 + weights.intent * ((intent.base + sum) / intent.seen - priorTerm);
        }
        if (recent.seen > 0) {
          const sum = recentAt[id] === stamp ? (recentSums[id] as number) : 0;
          log += weights.recentTools * ((recent.base + sum) / recent.seen - priorTerm);
        }
      }
      return p * Math.exp(log);
    };
    const exponent = (intent.seen > 0 ? weights.intent : 0) + (recent.seen > 0 ? weights.recentTools : 0);
    // Best first, ties by id: the full prediction's order.
    const best: Array<{ id: number; p: number }> = [];
    const offer = (id: number, p: number) => {
      if (best.length === top) {
        const last = best[top - 1] as { id: number; p: number };
        if (p < last.p || (p === last.p && id > last.id)) return;
        best.pop();
      }
      let index = best.length;
      while (index > 0) {
        const other = best[index - 1] as { id: number; p: number };
        if (other.p > p || (other.p === p && other.id < id)) break;
        index -= 1;
      }
      best.splice(index, 0, { id, p });
    };
    let sum = 0;
    let mentionedWeight = 0;
    for (const id of mentioned) {
      const p = score(id);
      sum += p;
      mentionedWeight += ordered.weight(id, exponent);
      offer(id, p);
    }
    // Every other action scores its order's weight times one factor: a count of 1's score over its weight.
    const priorTotal = prior.total;
    const unmentioned = (count: number): number => {
      let p = count / priorTotal;
      for (const { lambda } of rows) p *= 1 - lambda;
      if (intent.seen === 0 && recent.seen === 0) return p;
      const priorTerm = Math.log(count * scale + 0.5) - priorBase;
      let log = 0;
      if (intent.seen > 0) log = 0 + weights.intent * (intent.base / intent.seen - priorTerm);
      if (recent.seen > 0) log += weights.recentTools * (recent.base / recent.seen - priorTerm);
      return p * Math.exp(log);
    };
    const factor = unmentioned(1) / ordered.weightOf(1, exponent);
    sum += factor * Math.max(0, ordered.total(exponent) - mentionedWeight);
    const order = ordered.order(exponent);
    for (let index = 0; index < ordered.length; index += 1) {
      const id = order[index] as number;
      if (seenAt[id] === stamp || id >= actions) continue;
      const bound = factor * ordered.weight(id, exponent) * (1 + slack);
      const last = best[top - 1];
      if (best.length === top && last !== undefined && bound < last.p) break;
      offer(id, score(id));
    }
    const ranked = best.map(({ id, p }) => ({ action: counts.actions[id] as string, probability: p / sum }));
    return { ranked, confidence: ranked[0]?.probability ?? 0 };
  }

  return {
    predict,
    learned(id) {
      if (weights.intent > 0) intents.learned(id);
      if (orders === undefined || orderedAt !== counts.scaleChanges) return;
      orders.set(id, priorCount(counts.row(transitionTable, '0'), id));
    },
  };
}

function grown(values: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size);
  next.set(values);
  return next;
}
