import { type AgentEvent, replyAction } from './agent-event.js';

/** The start of a run, in the transition contexts. */
const start = '<start>';
const user = '<user>';
/** How many events back the recent tools are read from. */
export const recentWindow = 8;

/** What a tool graph reads before one decision: its transition contexts, the latest user text, the recent tools. */
export interface DecisionContext {
  /**
   * The transition contexts, from general to specific: the last tool called (user messages and replies
   * since skipped), the last event, and the last two events (a failed call distinct from a successful one).
   */
  contexts: [string, string, string];
  /** The latest user message's text, when there is one. */
  text: string | undefined;
  /** The distinct tools called in the `recentWindow` events before the decision, latest first. */
  recentTools: string[];
}

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

/** The distinct tools called in the `recentWindow` events before `end`, latest first. */
function recentTools(events: readonly AgentEvent[], end: number): string[] {
  const tools: string[] = [];
  for (let index = end - 1; index >= 0 && index >= end - recentWindow; index -= 1) {
    const event = events[index] as AgentEvent;
    if (event.kind === 'call' && !tools.includes(event.tool)) tools.push(event.tool);
  }
  return tools;
}

function transitionContexts(
  events: readonly AgentEvent[],
  end: number,
  lastTool: string,
): DecisionContext['contexts'] {
  const last = end >= 1 ? events[end - 1] : undefined;
  const previous = end >= 2 ? events[end - 2] : undefined;
  const first = last === undefined ? start : token(last);
  const second = previous === undefined ? start : token(previous);
  return [`t|${lastTool}`, `1|${first}`, `2|${second}|${first}`];
}

/** The context of the decision after the first `end` events (reads back to the last tool call and user message). */
export function decisionContext(events: readonly AgentEvent[], end: number): DecisionContext {
  let lastTool = start;
  let text: string | undefined;
  for (let index = end - 1; index >= 0 && (lastTool === start || text === undefined); index -= 1) {
    const event = events[index] as AgentEvent;
    if (event.kind === 'call' && lastTool === start) lastTool = token(event);
    if (event.kind === 'user' && text === undefined) text = event.text;
  }
  return { contexts: transitionContexts(events, end, lastTool), text, recentTools: recentTools(events, end) };
}

/**
 * Every decision of a run (the agent's calls and replies) with its context, in one pass: what
 * `decisionContext` gives at each, without reading back from each decision.
 */
export function* runDecisions(
  events: readonly AgentEvent[],
): Generator<{ context: DecisionContext; action: string }> {
  let lastTool = start;
  let text: string | undefined;
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index] as AgentEvent;
    const action = actionOf(event);
    if (action !== undefined) {
      const context = {
        contexts: transitionContexts(events, index, lastTool),
        text,
        recentTools: recentTools(events, index),
      };
      yield { context, action };
    }
    if (event.kind === 'call') lastTool = token(event);
    else if (event.kind === 'user') text = event.text;
  }
}
