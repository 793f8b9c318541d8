import type { CountRow, DecayingCounts } from './decaying-counts.js';
import type { DecisionContext } from './decision-context.js';
import type { PriorRanking } from './prior-ranking.js';

/**
 * How many of each evidence row's most frequent actions a prediction reads (`CountRow.top`): chosen on the
 * dev sets' training halves (bench/tool-graph/predict.mjs).
 */
export const evidenceRowTop = 16;

/** The tables of a tool graph's counts. */
export const transitionTable = 0;
export const intentTable = 1;
export const recentTable = 2;

/** A naive-Bayes likelihood ratio's evidence: the known key rows' log terms, per action id named. */
interface LogRatioEvidence {
  /** Σ over the known keys of log(½ / (total + ½·actions)). */
  base: number;
  /** Keys known (seen 2+ times). */
  seen: number;
  /** The action ids the known key rows rank (`CountRow.top`), and per id Σ over those rows of log(1 + 2·count). */
  ids: number[];
  sums: number[];
}

/** log(1 + 2·count) of each of a row's `top` entries (scaled counts), cached on the row until it or the scale changes. */
function topLogs(row: CountRow, scale: number): Float64Array {
  const cached = row.derived;
  if (cached !== undefined && cached.changes === row.changes && cached.scale === scale) return cached.values;
  const values = new Float64Array(row.top.length);
  for (let rank = 0; rank < values.length; rank += 1)
    values[rank] = Math.log(1 + 2 * (row.counts[row.top[rank] as number] as number) * scale);
  row.derived = { changes: row.changes, scale, values };
  return values;
}

/** Options of {@link createToolGraphPredictor}. */
export interface ToolGraphPredictorOptions {
  counts: DecayingCounts;
  ranking: PriorRanking;
  /** The exponents `ranking` keeps sums for, by value. */
  exponents: readonly number[];
  weights: { intent: number; secondOrder: number; recentTools: number };
  /** The words of a user message (cached by the caller). */
  wordsOf: (text: string) => string[];
  /** Decisions learned so far: the intent evidence is cached until it changes. */
  observations: () => number;
}

/** A ranked prediction: the most probable actions (ids) and their probabilities over every action. */
export interface RankedActions {
  ids: number[];
  probabilities: number[];
}

/**
 * The scoring of a tool graph's prediction, in time independent of the number of actions. Each row of
 * evidence — the three transition rows (Witten-Bell interpolated), and the key rows of the user's words
 * and of the recent tools (naive-Bayes likelihood ratios) — counts with its most frequent actions
 * (`CountRow.top`; its total and size as they are), so a prediction reads a bounded number of entries.
 * Only the actions those entries name are scored one by one; every other action's score is a common
 * factor times n·(n + ½)^−w of its prior count n, so their total comes from `ranking`'s sums and their
 * best from its order.
 */
export function createToolGraphPredictor({
  counts,
  ranking,
  exponents,
  weights,
  wordsOf,
  observations,
}: ToolGraphPredictorOptions): (context: DecisionContext, top: number) => RankedActions {
  let stamp = new Int32Array(64);
  let epoch = 0;
  // Per action id named in this prediction: its count in each transition row, its key sums, its score.
  let transition = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];
  let intentSums = new Float64Array(64);
  let recentSums = new Float64Array(64);
  let scores = new Float64Array(64);
  const named: number[] = [];
  let intentCache: { text: string; observations: number; evidence: LogRatioEvidence | undefined } | undefined;
  let gather = new Float64Array(64);
  let gatherStamp = new Int32Array(64);
  let gatherEpoch = 0;

  function evidenceOf(table: number, keys: readonly string[]): LogRatioEvidence | undefined {
    const scale = counts.scale;
    const actions = counts.actions.length;
    let base = 0;
    let seen = 0;
    const ids: number[] = [];
    gatherEpoch += 1;
    for (const key of keys) {
      const row = counts.row(table, key);
      if (row === undefined || row.total * scale < 2) continue;
      seen += 1;
      // log((count + ½) / (total + ½·actions)) = log(½ / (total + ½·actions)) + log(1 + 2·count).
      base += Math.log(0.5 / (row.total * scale + 0.5 * actions));
      const logs = topLogs(row, scale);
      for (let rank = 0; rank < row.top.length; rank += 1) {
        const id = row.ids[row.top[rank] as number] as number;
        const log = logs[rank] as number;
        if (gatherStamp[id] !== gatherEpoch) {
          gatherStamp[id] = gatherEpoch;
          gather[id] = log;
          ids.push(id);
        } else gather[id] = (gather[id] as number) + log;
      }
    }
    return seen === 0 ? undefined : { base, seen, ids, sums: ids.map((id) => gather[id] as number) };
  }

  function intentEvidence(text: string): LogRatioEvidence | undefined {
    const learned = observations();
    if (intentCache?.text !== text || intentCache.observations !== learned) {
      intentCache = { text, observations: learned, evidence: evidenceOf(intentTable, wordsOf(text)) };
    }
    return intentCache.evidence;
  }

  const grow = (size: number) => {
    stamp = new Int32Array(size);
    transition = [new Float64Array(size), new Float64Array(size), new Float64Array(size)];
    intentSums = new Float64Array(size);
    recentSums = new Float64Array(size);
    scores = new Float64Array(size);
    gather = new Float64Array(size);
    gatherStamp = new Int32Array(size);
    epoch = 0;
    gatherEpoch = 0;
    intentCache = undefined;
  };

  return (context, top) => {
    const prior = counts.row(transitionTable, '0') as CountRow;
    const actions = counts.actions.length;
    const scale = counts.scale;
    if (stamp.length < actions) grow(actions * 2);
    epoch += 1;
    named.length = 0;
    const name = (id: number) => {
      if (stamp[id] === epoch) return;
      stamp[id] = epoch;
      named.push(id);
      (transition[0] as Float64Array)[id] = 0;
      (transition[1] as Float64Array)[id] = 0;
      (transition[2] as Float64Array)[id] = 0;
      intentSums[id] = 0;
      recentSums[id] = 0;
    };
    const lambdas: number[] = [];
    const totals: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const row = counts.row(transitionTable, context.contexts[index] as string);
      if (row === undefined || row.total === 0) continue;
      const total = row.total * scale;
      const into = transition[lambdas.length] as Float64Array;
      lambdas.push(total / (total + row.ids.length / (index === 2 ? weights.secondOrder : 1)));
      totals.push(row.total);
      for (const slot of row.top) {
        const id = row.ids[slot] as number;
        name(id);
        into[id] = row.counts[slot] as number;
      }
    }
    const intent =
      context.text === undefined || weights.intent === 0 ? undefined : intentEvidence(context.text);
    const recent = weights.recentTools > 0 ? evidenceOf(recentTable, context.recentTools) : undefined;
    for (const [evidence, sums] of [
      [intent, intentSums],
      [recent, recentSums],
    ] as const) {
      if (evidence === undefined) continue;
      evidence.ids.forEach((id, index) => {
        name(id);
        sums[id] = evidence.sums[index] as number;
      });
    }
    const priorBase = Math.log(prior.total * scale + 0.5 * actions);
    const score = (id: number, isNamed: boolean): number => {
      const count = ranking.count(id);
      let p = count / prior.total;
      for (let row = 0; row < lambdas.length; row += 1) {
        const lambda = lambdas[row] as number;
        p *= 1 - lambda;
        const entry = isNamed ? ((transition[row] as Float64Array)[id] as number) : 0;
        if (entry !== 0) p += (lambda * entry) / (totals[row] as number);
      }
      if (intent === undefined && recent === undefined) return p;
      const priorLog = Math.log(count * scale + 0.5);
      let logs = 0;
      if (intent !== undefined) {
        const sum = isNamed ? (intentSums[id] as number) : 0;
        logs += weights.intent * ((intent.base + sum) / intent.seen - (priorLog - priorBase));
      }
      if (recent !== undefined) {
        const sum = isNamed ? (recentSums[id] as number) : 0;
        logs += weights.recentTools * ((recent.base + sum) / recent.seen - (priorLog - priorBase));
      }
      return p * Math.exp(logs);
    };
    let namedTotal = 0;
    for (const id of named) {
      const value = score(id, true);
      scores[id] = value;
      namedTotal += value;
    }
    // Every other action: α·p0 from the interpolation, e^(K − W·log(n + ½)) from the ratios.
    let alpha = 1;
    for (const lambda of lambdas) alpha *= 1 - lambda;
    let exponent = 0;
    let logFactor = 0;
    for (const [evidence, weight] of [
      [intent, weights.intent],
      [recent, weights.recentTools],
    ] as const) {
      if (evidence === undefined) continue;
      exponent += weight;
      logFactor += weight * (evidence.base / evidence.seen + priorBase);
    }
    const index = exponent === 0 ? -1 : exponents.indexOf(exponent);
    let namedTerms = 0;
    for (const id of named) {
      const count = ranking.count(id) * scale;
      namedTerms += exponent === 0 ? count : count * (count + 0.5) ** -exponent;
    }
    const everyTerm = index === -1 ? prior.total * scale : ranking.sum(index);
    const rest =
      Math.max(0, everyTerm - namedTerms) * ((alpha * Math.exp(logFactor)) / (prior.total * scale));
    // The best actions: every named one and the best `top` of the others, by score then id.
    const best: Array<{ id: number; score: number }> = named.map((id) => ({
      id,
      score: scores[id] as number,
    }));
    let others = 0;
    ranking.visitBest(
      exponent,
      (id) => stamp[id] === epoch,
      (id) => {
        best.push({ id, score: score(id, false) });
        others += 1;
        return others < top;
      },
    );
    best.sort((a, b) => b.score - a.score || a.id - b.id);
    const total = namedTotal + rest;
    const kept = best.slice(0, top);
    return { ids: kept.map((entry) => entry.id), probabilities: kept.map((entry) => entry.score / total) };
  };
}
