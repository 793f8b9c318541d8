import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { StrategyEdit } from '../strategy.js';
import { isPlaceholder } from './placeholder-mark.js';
import { type RewriteMemo, rewriteToolParts } from './replace-tool-parts.js';
import { toolPartEdit } from './tool-part-edits.js';
import type { Stepped } from './tool-parts.js';

/** Where a part stands. */
const open = 0; // not decided: in the window, or decided again at this call
const edited = 1;
const kept = 2; // kept by the strategy's rule (a repeated-call rule may still edit it)
const waiting = 3; // kept while referenced, until its step leaves the referenced window
const fixed = 4; // never edited: pinned, a placeholder already, or carried but no longer editable

/** What a strategy decides about a part (see {@link PartRun.decide}). */
export type PartDecision = 'edit' | 'keep' | 'window' | 'wait';

/** One call of a strategy over its {@link partTrack}: the parts, what to decide, and the output. */
export interface PartRun<Part> {
  /** Every part of the history, oldest first, with its step. */
  readonly parts: readonly Stepped<Part>[];
  /** Steps that hold such parts. */
  readonly steps: number;
  /** Whether the part at `position` may still be edited (neither edited nor never to be). */
  isOpen(position: number): boolean;
  /**
   * Positions to decide at this call, ascending: the open parts whose step is now before `cutoff`, the
   * waiting parts whose step is before `waitCutoff`, and the parts the previous call edited when the
   * caller gave back the state from before it (their edits were not kept: they are decided again).
   */
  candidates(cutoff: number, waitCutoff: number): number[];
  /** Positions of the parts under `id`. */
  positionsOf(id: string): readonly number[];
  /**
   * Records a decision: `edit` the part, `keep` it (for good, but for a later `edit`), leave it to a later
   * call (`window`: its step is still in the window), or keep it while it is referenced (`wait`).
   */
  decide(position: number, decision: PartDecision): void;
  /**
   * The output: the history with every edited part replaced (`replace`, given the part, its message and
   * the message's index), the same objects where nothing changed since the last call; one edit per
   * rewritten message; and the ids edited at this call, in history order.
   */
  finish(options: { replace: (part: Part, message: ModelMessage, index: number) => Part }): {
    messages: ModelMessage[];
    edits: StrategyEdit[];
    newIds: string[];
  };
}

/** Options of {@link partTrack}. */
export interface PartTrackOptions<Part> {
  /** The tool results of tool messages, or the calls an agent runs of assistant messages. */
  parts: 'results' | 'calls';
  strategy: string;
  kind: (role: ModelMessage['role']) => string;
  /** Whether a part the state says was edited is edited still (an input that shrinks no more is not). */
  carried: (part: Part) => boolean;
}

/** The input of one call: the strategy's own input, its state and the ids the state says were edited. */
export interface PartTrackInput {
  messages: readonly ModelMessage[];
  counter: TokenCounter;
  state: object;
  ids: readonly string[];
  memo: RewriteMemo;
}

interface Track<Part> {
  counter: TokenCounter;
  /** The state the decisions stand on, and the one the last call returned (with what it edited). */
  committed: object;
  proposed: object | undefined;
  proposedPositions: number[];
  read: ModelMessage[];
  parts: Stepped<Part>[];
  status: number[];
  steps: number;
  open: boolean;
  firstUser: number;
  edited: Set<string>;
  byId: Map<string, number[]>;
  /** Per message index, the positions of its parts. */
  partsAt: Map<number, number[]>;
  /** Parts before it have left the window and been decided. */
  next: number;
  waiting: number[];
  output: ModelMessage[];
  keys: Map<number, string>;
  edits: Map<number, StrategyEdit>;
  editList: StrategyEdit[];
}

/**
 * The incremental bookkeeping of a strategy that edits the tool parts of older steps (masking results,
 * clearing inputs), per conversation (found by its first message): the parts read so far with their
 * steps and decisions, and the output and edits of the last call, so a call reads only the new messages,
 * decides only the parts that left the window since, and rewrites only the messages whose edits changed.
 * The state a call gets says what stands: the one the last call returned (its edits stay), the one it
 * was given (the caller did not take the last call's result: e.g. `cachePayback` held the prompt, so
 * those edits are decided again), or another (restored from JSON, another history): all is read again,
 * from the state's ids. A history that does not grow the one read (a message changed) is read again,
 * except, for calls, a tool message replaced in place (an earlier stage masked it).
 */
export function partTrack<Part extends ToolCallPart | ToolResultPart>(
  options: PartTrackOptions<Part>,
): (input: PartTrackInput) => PartRun<Part> {
  const tracks = new WeakMap<ModelMessage, Track<Part>>();
  const tolerates = (read: ModelMessage, given: ModelMessage) =>
    options.parts === 'calls' && read.role === 'tool' && given.role === 'tool';

  return ({ messages, counter, state, ids, memo }) => {
    const first = messages[0];
    let track = first === undefined ? undefined : tracks.get(first);
    let redo: number[] = [];
    if (track !== undefined && (track.counter !== counter || !follows(track, messages, tolerates))) {
      track = undefined;
    }
    if (track !== undefined) {
      if (state === track.proposed) {
        track.committed = state;
        for (const position of track.proposedPositions) {
          const part = track.parts[position]?.part;
          if (part !== undefined) track.edited.add(part.toolCallId);
        }
      } else if (state === track.committed) {
        redo = track.proposedPositions;
        for (const position of redo) track.status[position] = open;
      } else {
        track = undefined;
      }
    }
    if (track === undefined) {
      track = newTrack<Part>(counter, state, ids);
      if (first !== undefined) tracks.set(first, track);
    }
    const current = track;
    current.proposed = undefined;
    current.proposedPositions = [];
    const touched = new Set<number>();
    for (const position of redo) touched.add(current.parts[position]?.index ?? -1);
    readNew(current, messages, touched, options);
    const decidedNow: number[] = [];

    return {
      parts: current.parts,
      steps: current.steps,
      isOpen: (position) => current.status[position] !== edited && current.status[position] !== fixed,
      positionsOf: (id) => current.byId.get(id) ?? [],
      candidates(cutoff, waitCutoff) {
        const found = new Set(redo);
        while (current.next < current.parts.length && (current.parts[current.next]?.step ?? 0) < cutoff) {
          if (current.status[current.next] === open) found.add(current.next);
          current.next += 1;
        }
        while (current.waiting.length > 0) {
          const position = current.waiting[0] as number;
          if ((current.parts[position]?.step ?? 0) >= waitCutoff) break;
          current.waiting.shift();
          if (current.status[position] === waiting) found.add(position);
        }
        return [...found].sort((a, b) => a - b);
      },
      decide(position, decision) {
        const previous = current.status[position];
        if (decision === 'edit') {
          if (previous === edited) return;
          current.status[position] = edited;
          decidedNow.push(position);
          touched.add(current.parts[position]?.index ?? -1);
        } else if (decision === 'keep') {
          current.status[position] = kept;
        } else if (decision === 'wait') {
          if (previous !== waiting) insertSorted(current.waiting, position);
          current.status[position] = waiting;
        } else {
          current.status[position] = open;
          if (position < current.next) current.next = position;
        }
      },
      finish({ replace }) {
        decidedNow.sort((a, b) => a - b);
        current.proposedPositions = decidedNow;
        const output = current.output;
        let changed = false;
        for (const index of [...touched].sort((a, b) => a - b)) {
          const message = messages[index];
          if (message === undefined || typeof message.content === 'string') continue;
          const targets = (current.partsAt.get(index) ?? []).filter(
            (position) => current.status[position] === edited,
          );
          const targetIds = targets.map((position) => current.parts[position]?.part.toolCallId ?? '');
          const key = targetIds.join('\u0000');
          if ((current.keys.get(index) ?? '') === key) continue;
          changed = true;
          if (targetIds.length === 0) {
            output[index] = message;
            current.keys.delete(index);
            current.edits.delete(index);
            continue;
          }
          const replacePart = (part: Part) => replace(part, message, index);
          const rewritten = rewriteToolParts({
            message,
            ids: targetIds,
            replaceResult: (part) =>
              (options.parts === 'results' ? replacePart(part as Part) : part) as ToolResultPart,
            replaceCall: (part) =>
              (options.parts === 'calls' ? replacePart(part as Part) : part) as ToolCallPart,
            memo,
          });
          output[index] = rewritten;
          current.keys.set(index, key);
          current.edits.set(
            index,
            toolPartEdit({
              strategy: options.strategy,
              kind: options.kind,
              index,
              before: message,
              after: rewritten,
              ids: targetIds,
              counter,
            }),
          );
        }
        if (changed) {
          current.editList = [...current.edits.keys()]
            .sort((a, b) => a - b)
            .map((index) => current.edits.get(index) as StrategyEdit);
        }
        return {
          messages: output.slice(),
          edits: current.editList,
          newIds: decidedNow.map((position) => current.parts[position]?.part.toolCallId ?? ''),
        };
      },
    };
  };
}

function newTrack<Part>(counter: TokenCounter, state: object, ids: readonly string[]): Track<Part> {
  return {
    counter,
    committed: state,
    proposed: undefined,
    proposedPositions: [],
    read: [],
    parts: [],
    status: [],
    steps: 0,
    open: false,
    firstUser: -1,
    edited: new Set(ids),
    byId: new Map(),
    partsAt: new Map(),
    next: 0,
    waiting: [],
    output: [],
    keys: new Map(),
    edits: new Map(),
    editList: [],
  };
}

/**
 * True when `messages` grows the history the track read (the same objects, or a message it may let be
 * replaced in place, which it then takes).
 */
function follows<Part>(
  track: Track<Part>,
  messages: readonly ModelMessage[],
  tolerates: (read: ModelMessage, given: ModelMessage) => boolean,
): boolean {
  const { read } = track;
  if (messages.length < read.length) return false;
  for (let index = 0; index < read.length; index += 1) {
    const given = messages[index] as ModelMessage;
    const known = read[index] as ModelMessage;
    if (given === known) continue;
    if (!tolerates(known, given)) return false;
    read[index] = given;
    track.output[index] = given;
  }
  return true;
}

/** Reads the messages the track has not read: their parts, steps and the edits the state carries. */
function readNew<Part extends ToolCallPart | ToolResultPart>(
  track: Track<Part>,
  messages: readonly ModelMessage[],
  touched: Set<number>,
  { parts: kind, carried }: PartTrackOptions<Part>,
): void {
  for (let index = track.read.length; index < messages.length; index += 1) {
    const message = messages[index] as ModelMessage;
    track.read.push(message);
    track.output.push(message);
    if (message.role === 'user' && track.firstUser === -1) track.firstUser = index;
    if (message.role === 'assistant') track.open = false;
    const pinned = index === track.firstUser || message.providerOptions?.kioku?.pinned === true;
    for (const part of partsOf(message, kind) as Part[]) {
      if (!track.open) {
        track.open = true;
        track.steps += 1;
      }
      const position = track.parts.length;
      track.parts.push({ index, part, step: track.steps - 1 });
      const same = track.byId.get(part.toolCallId);
      if (same === undefined) track.byId.set(part.toolCallId, [position]);
      else same.push(position);
      const at = track.partsAt.get(index);
      if (at === undefined) track.partsAt.set(index, [position]);
      else at.push(position);
      let status = open;
      if (pinned || isPlaceholder(part)) status = fixed;
      else if (track.edited.has(part.toolCallId)) status = carried(part) ? edited : fixed;
      track.status.push(status);
      if (status === edited) touched.add(index);
    }
  }
}

/** The tool results of a tool message, or the calls an agent runs of an assistant message. */
function partsOf(message: ModelMessage, kind: 'results' | 'calls'): Array<ToolCallPart | ToolResultPart> {
  if (typeof message.content === 'string') return [];
  if (kind === 'results') {
    if (message.role !== 'tool') return [];
    return message.content.filter((part): part is ToolResultPart => part.type === 'tool-result');
  }
  if (message.role !== 'assistant') return [];
  return message.content.filter(
    (part): part is ToolCallPart => part.type === 'tool-call' && part.providerExecuted !== true,
  );
}

function insertSorted(list: number[], value: number): void {
  let at = list.length;
  while (at > 0 && (list[at - 1] ?? 0) > value) at -= 1;
  list.splice(at, 0, value);
}
