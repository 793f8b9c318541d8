import { type AgentEvent, replyAction } from './agent-event.js';
import { canonicalJSON } from './canonical-json.js';
import { actionOf } from './decision-context.js';
import {
  createParameterFiller,
  type ParameterFiller,
  type ParameterFillerOptions,
} from './parameter-filler.js';
import { createToolGraph, type ToolGraph, type ToolGraphOptions, type ToolPrediction } from './tool-graph.js';

/** What a policy did at one threshold θ. */
export interface ThresholdOutcome {
  theta: number;
  /** Decisions where the tool and all its usual parameters were determined: the model is skipped. */
  bypassed: number;
  /** Bypassed decisions where the agent called that tool. */
  bypassToolRight: number;
  /** Bypassed decisions where the agent called that tool with exactly those arguments. */
  bypassRight: number;
  /** Decisions where the model's choice was narrowed to the top tools instead. */
  narrowed: number;
  /** Narrowed decisions where the agent's actual action was still allowed (a listed tool, or a reply). */
  narrowedKept: number;
}

/** Accuracy, coverage and safety of next-tool prediction on held-out runs. */
export interface ToolPredictionEvaluation {
  /** Agent decisions (tool calls and replies) in the test runs. */
  decisions: number;
  /** Decisions that were tool calls. */
  toolCalls: number;
  /** Share of tool calls whose tool ranked first among the tools. */
  top1: number;
  /**
   * The majority-class baseline beside `top1`: share of tool calls to the tool the graph had seen called
   * most often (whatever came before). With few tools this is most of `top1`.
   */
  majorityTop1: number;
  /** Share of tool calls whose tool ranked first and whose arguments the filler produced exactly (at any confidence). */
  top1WithInput: number;
  /** Share of tool calls whose tool was among the first `topK` tools. */
  topK: number;
  thresholds: ThresholdOutcome[];
  perTool: Record<string, { calls: number; top1: number; top1WithInput: number }>;
}

/** Options of {@link evaluateToolPrediction}. */
export interface EvaluateToolPredictionOptions {
  /** Runs to learn before testing (into `trained` when given); default none. */
  train?: readonly (readonly AgentEvent[])[];
  test: readonly (readonly AgentEvent[])[];
  /** Options of the graph created when `trained` is not given. */
  graph?: ToolGraphOptions;
  /** Options of the filler created when `trained` is not given. */
  filler?: ParameterFillerOptions;
  /** A graph and filler to start from (restored ones, say); `train` is learned into them. Default: new ones. */
  trained?: { graph: ToolGraph; filler: ParameterFiller };
  /** Confidence thresholds to report; default 0.5 to 0.99. */
  thetas?: readonly number[];
  /** Most tools a narrowed choice keeps; default 3, as `toolGraphPrepareStep`. */
  topK?: number;
  /** A choice is narrowed when the first `topK` tools hold at least this probability; default 0.995, as `toolGraphPrepareStep`. */
  narrowMass?: number;
  /** Smallest parameter reliability for a bypass; default 0.9. */
  minReliability?: number;
}

/** The tools to narrow to, when few enough hold most of the probability. */
export function narrowedTools(
  prediction: ToolPrediction,
  { topK, narrowMass }: { topK: number; narrowMass: number },
): string[] | undefined {
  let mass = 0;
  const tools: string[] = [];
  for (const { action, probability } of prediction.ranked) {
    mass += probability;
    if (action !== replyAction) tools.push(action);
    if (mass >= narrowMass) return tools.length > 0 && tools.length <= topK ? tools : undefined;
    if (tools.length > topK) return undefined;
  }
  return undefined;
}

/** The tool a graph has seen called most often (its prior row's largest count), the majority class. */
function majorityTool(graph: ToolGraph): string | undefined {
  const prior = graph.toJSON().transitions.find(([context]) => context === '0');
  let best: string | undefined;
  let bestCount = 0;
  for (const [action, count] of prior?.[2] ?? []) {
    if (action !== replyAction && count > bestCount) {
      best = action;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Trains a tool graph and a parameter filler on some runs and measures them on others: next-tool
 * accuracy (top-1, top-k), and at each threshold θ how many decisions would skip the model (tool and
 * parameters determined) and how often that matches what the agent did, or narrow its choice and keep
 * the agent's action allowed.
 */
export function evaluateToolPrediction({
  train = [],
  test,
  graph: graphOptions,
  filler: fillerOptions,
  trained,
  thetas = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99],
  topK = 3,
  narrowMass = 0.995,
  minReliability = 0.9,
}: EvaluateToolPredictionOptions): ToolPredictionEvaluation {
  const graph = trained?.graph ?? createToolGraph(graphOptions);
  const filler = trained?.filler ?? createParameterFiller(fillerOptions);
  for (const run of train) {
    graph.learnRun(run);
    run.forEach((event, index) => {
      if (event.kind === 'call') filler.learn(run.slice(0, index), event);
    });
  }
  const majority = majorityTool(graph);
  let majorityRight = 0;
  const outcomes = thetas.map(
    (theta): ThresholdOutcome => ({
      theta,
      bypassed: 0,
      bypassToolRight: 0,
      bypassRight: 0,
      narrowed: 0,
      narrowedKept: 0,
    }),
  );
  const perTool: Record<string, { calls: number; right: number; rightWithInput: number }> = {};
  let decisions = 0;
  let toolCalls = 0;
  let top1 = 0;
  let top1WithInput = 0;
  let inTopK = 0;
  for (const run of test) {
    run.forEach((event, index) => {
      const action = actionOf(event);
      if (action === undefined) return;
      decisions += 1;
      const before = run.slice(0, index);
      const prediction = graph.predict(before);
      const tools = prediction.ranked.filter((entry) => entry.action !== replyAction);
      const top = prediction.ranked[0];
      const filled =
        top === undefined || top.action === replyAction
          ? undefined
          : filler.fill(before, top.action, { minReliability });
      if (event.kind === 'call') {
        toolCalls += 1;
        if (action === majority) majorityRight += 1;
        const rank = tools.findIndex((entry) => entry.action === action);
        perTool[action] ??= { calls: 0, right: 0, rightWithInput: 0 };
        const stats = perTool[action];
        stats.calls += 1;
        if (rank === 0) {
          top1 += 1;
          stats.right += 1;
          // The filler's best guess, at any reliability (the bypasses below keep to `minReliability`).
          const input = filler.fill(before, action, { minReliability: 0 })?.input;
          if (input !== undefined && canonicalJSON(input) === canonicalJSON(event.input)) {
            top1WithInput += 1;
            stats.rightWithInput += 1;
          }
        }
        if (rank >= 0 && rank < topK) inTopK += 1;
      }
      const narrowed = narrowedTools(prediction, { topK, narrowMass });
      for (const outcome of outcomes) {
        if (top !== undefined && filled !== undefined && prediction.confidence >= outcome.theta) {
          outcome.bypassed += 1;
          if (event.kind === 'call' && event.tool === top.action) {
            outcome.bypassToolRight += 1;
            if (canonicalJSON(filled.input) === canonicalJSON(event.input)) outcome.bypassRight += 1;
          }
        } else if (narrowed !== undefined) {
          outcome.narrowed += 1;
          if (event.kind !== 'call' || narrowed.includes(event.tool)) outcome.narrowedKept += 1;
        }
      }
    });
  }
  return {
    decisions,
    toolCalls,
    top1: toolCalls === 0 ? 0 : top1 / toolCalls,
    majorityTop1: toolCalls === 0 ? 0 : majorityRight / toolCalls,
    top1WithInput: toolCalls === 0 ? 0 : top1WithInput / toolCalls,
    topK: toolCalls === 0 ? 0 : inTopK / toolCalls,
    thresholds: outcomes,
    perTool: Object.fromEntries(
      Object.entries(perTool).map(([tool, { calls, right, rightWithInput }]) => [
        tool,
        { calls, top1: right / calls, top1WithInput: rightWithInput / calls },
      ]),
    ),
  };
}
