import { type AgentEvent, replyAction } from './agent-event.js';
import type { CountRow } from './decaying-counts.js';

const start = '<start>';
const user = '<user>';
/** The tables of a graph's counts: transitions by context, actions by intent word, by recent tool. */
export const transitionTable = 0;
/** See {@link transitionTable}. */
export const intentTable = 1;
/** See {@link transitionTable}. */
export const recentTable = 2;
/** How many events back the recent tools are read from. */
const recentWindow = 8;

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
export function contexts(events: readonly AgentEvent[], end: number): [string, string, string] {
  let lastTool = start;
  for (let index = end - 1; index >= 0; index -= 1) {
    const event = events[index] as AgentEvent;
    if (event.kind === 'call') {
      lastTool = token(event);
      break;
    }
  }
  const last = end >= 1 ? events[end - 1] : undefined;
  const previous = end >= 2 ? events[end - 2] : undefined;
  const first = last === undefined ? start : token(last);
  const second = previous === undefined ? start : token(previous);
  return [`t|${lastTool}`, `1|${first}`, `2|${second}|${first}`];
}

/** The distinct tools called in the `recentWindow` events before `end`, latest first. */
export function recentTools(events: readonly AgentEvent[], end: number): string[] {
  const tools: string[] = [];
  for (let index = end - 1; index >= 0 && index >= end - recentWindow; index -= 1) {
    const event = events[index] as AgentEvent;
    if (event.kind === 'call' && !tools.includes(event.tool)) tools.push(event.tool);
  }
  return tools;
}

/** The text of the latest user message before `end`, if any. */
export function latestUser(events: readonly AgentEvent[], end: number): string | undefined {
  for (let index = end - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event?.kind === 'user') return event.text;
  }
  return undefined;
}

/** An intent or recent-tool row's log of an add-½ smoothed count, but for its constant part. */
export const keyLog = (count: number): number => Math.log(1 + 2 * count);
/** The prior row's log of a count, add-½ smoothed. */
export const priorLog = (count: number): number => Math.log(count + 0.5);

/** `transform` of each scaled count of a row, cached on the row until it or the scale changes. */
export function derived(row: CountRow, scale: number, transform: (count: number) => number): Float64Array {
  const cached = row.derived;
  if (cached !== undefined && cached.changes === row.changes && cached.scale === scale) return cached.values;
  const values = new Float64Array(row.ids.length);
  for (let slot = 0; slot < values.length; slot += 1)
    values[slot] = transform((row.counts[slot] as number) * scale);
  row.derived = { changes: row.changes, scale, values };
  return values;
}
