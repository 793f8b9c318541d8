import { generateId, type PrepareStepFunction, type PrepareStepResult, type ToolSet } from 'ai';
import { replyAction } from './agent-event.js';
import { agentEvents } from './agent-events.js';
import { coldStartTheta } from './cold-start-theta.js';
import { narrowedTools } from './evaluate-tool-prediction.js';
import type { ParameterFiller } from './parameter-filler.js';
import { predictedCallModel } from './predicted-call-model.js';
import type { ToolGraph } from './tool-graph.js';
import type { ToolGraphDecision, ToolGraphNoBypassReason } from './tool-graph-decision.js';

/** Tool names, or a test on a tool name. */
export type ToolMatcher = readonly string[] | ((tool: string) => boolean);

/** Options of {@link toolGraphPrepareStep}. */
export interface ToolGraphPrepareStepOptions {
  graph: ToolGraph;
  /** Fills a predicted call's parameters; without one no step is bypassed (only narrowed). */
  filler?: ParameterFiller;
  /** Confidence a bypass needs: a number, or one read from the graph; default `coldStartTheta({ runs: graph.runs })` (0.99 falling to 0.97 over 100 runs). */
  theta?: number | ((graph: ToolGraph) => number);
  /** Most tools a narrowed step keeps; default 3 (chosen with `narrowMass` on the dev sets' training halves). */
  topK?: number;
  /** A step is narrowed when the first `topK` tools hold at least this probability; default 0.995. */
  narrowMass?: number;
  /** Smallest reliability of every filled parameter's source for a bypass; default 0.9. */
  minReliability?: number;
  /** Tools with side effects (writes, payments, messages): never called without the model; default none. */
  sideEffects?: ToolMatcher;
  /** Tools with side effects that may be bypassed all the same; default none. */
  allowBypassOf?: ToolMatcher;
  /** Learn each finished step (the calls the model made, not predicted ones) into the graph and filler; default false. */
  learn?: boolean;
  /** Called with every decision, in step order. */
  onDecision?: (decision: ToolGraphDecision) => void;
}

const matches = (matcher: ToolMatcher | undefined, tool: string): boolean =>
  matcher === undefined ? false : typeof matcher === 'function' ? matcher(tool) : matcher.includes(tool);

const isPredicted = (metadata: unknown): boolean =>
  (metadata as { kioku?: { predicted?: unknown } } | undefined)?.kioku?.predicted === true;

/**
 * Next-tool prediction in an AI SDK loop, as `prepareStep` for `generateText`, `streamText` or
 * `ToolLoopAgent`. Before each step the graph predicts the agent's next action from the history: when the
 * top tool reaches θ and the filler determines all its parameters, the step is answered with that call
 * without calling the model (the step's model is swapped for one that returns the call; its
 * `providerMetadata.kioku` is `{ predicted: true, probability, tool }` and it reports no tokens); when few
 * tools hold most of the probability, `activeTools` is narrowed to them (the model may still reply);
 * otherwise the step is left alone. A tool in `sideEffects` is never bypassed unless in `allowBypassOf`.
 * Every decision is passed to `onDecision`.
 *
 * @example
 * const result = await generateText({
 *   model, tools, prompt, stopWhen: stepCountIs(10),
 *   prepareStep: toolGraphPrepareStep({ graph, filler, sideEffects: ['cancel_reservation'], onDecision: console.log }),
 * });
 */
export function toolGraphPrepareStep<TOOLS extends ToolSet = ToolSet>({
  graph,
  filler,
  theta = (learned) => coldStartTheta({ runs: learned.runs }),
  topK = 3,
  narrowMass = 0.995,
  minReliability = 0.9,
  sideEffects,
  allowBypassOf,
  learn = false,
  onDecision,
}: ToolGraphPrepareStepOptions): PrepareStepFunction<TOOLS> {
  return ({ messages, stepNumber, steps }): PrepareStepResult<TOOLS> => {
    const events = agentEvents(messages);
    const previous = steps.at(-1);
    if (learn && previous !== undefined && !isPredicted(previous.providerMetadata)) {
      const calls = previous.toolCalls.length;
      let seen = 0;
      for (let index = events.length - 1; index >= 0 && seen < calls; index -= 1) {
        const event = events[index];
        if (event?.kind !== 'call') continue;
        seen += 1;
        const before = events.slice(0, index);
        graph.learn(before, event.tool);
        filler?.learn(before, event);
      }
    }
    const prediction = graph.predict(events);
    const threshold = typeof theta === 'function' ? theta(graph) : theta;
    const top = prediction.ranked[0];
    const common = {
      type: 'tool-graph-decision',
      stepNumber,
      probability: prediction.confidence,
      theta: threshold,
    } as const;
    let reason: ToolGraphNoBypassReason | undefined;
    if (top !== undefined && top.action !== replyAction) {
      if (prediction.confidence < threshold) reason = 'below-theta';
      else if (matches(sideEffects, top.action) && !matches(allowBypassOf, top.action))
        reason = 'side-effects';
      else {
        const filled = filler?.fill(events, top.action, { minReliability });
        if (filled === undefined) reason = 'parameters-unknown';
        else {
          const toolCallId = `kioku-predicted-${generateId()}`;
          onDecision?.({ ...common, decision: 'bypass', tool: top.action, input: filled.input, toolCallId });
          return {
            model: predictedCallModel({
              toolCallId,
              toolName: top.action,
              input: filled.input,
              probability: prediction.confidence,
            }),
          };
        }
      }
    }
    const because = reason === undefined ? {} : { reason };
    const tools = narrowedTools(prediction, { topK, narrowMass });
    if (tools === undefined) {
      onDecision?.({ ...common, decision: 'none', ...because });
      return undefined;
    }
    onDecision?.({ ...common, decision: 'narrow', tools, ...because });
    return { activeTools: tools as Array<keyof TOOLS & string> };
  };
}
