import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage } from 'ai';

type Part = Exclude<ModelMessage['content'], string>[number];
type Options = ModelMessage['providerOptions'];

/**
 * True when `a` and `b` are the same message for kioku: the same object, or equal as JSON sees them (a
 * key set to `undefined` is no key) once their Anthropic cache breakpoints
 * (`providerOptions.anthropic.cacheControl`) are set aside. Agents move their breakpoints at every call
 * and `cacheBreakpoints` marks the pinned task, so a breakpoint never makes a message another one.
 * Messages are compared on the fields of the AI SDK's message and part types, field by field, each
 * object field (a tool call's input, a result's output, provider options) by identity first: the AI SDK
 * hands a loop's prompts the same inputs and outputs at every step, so comparing a history it sends
 * again costs a few reads per message.
 *
 * @example
 * sameMessage(task, withCacheMarker(task, { type: 'ephemeral' })); // true
 */
export function sameMessage(a: ModelMessage, b: ModelMessage): boolean {
  if (a === b || sameLeaves(a, b)) return true;
  if (a.role !== b.role) return false;
  // The content first: a masked copy differs from its original there, before any options are compared.
  const first = a.content;
  const second = b.content;
  if (typeof first === 'string' || typeof second === 'string') {
    if (first !== second) return false;
  } else if (first !== second) {
    if (first.length !== second.length) return false;
    for (let index = 0; index < first.length; index += 1) {
      if (!samePart(first[index] as Part, second[index] as Part)) return false;
    }
  }
  return sameOptions(unmarked(a.providerOptions), unmarked(b.providerOptions));
}

/**
 * The quick answer for two copies of one message made from the same parts (what the AI SDK sends again at
 * each step): every field the same value or the same object. False only means "compare further".
 */
function sameLeaves(a: ModelMessage, b: ModelMessage): boolean {
  if (a.role !== b.role || a.providerOptions !== b.providerOptions) return false;
  const first = a.content;
  const second = b.content;
  if (first === second) return true;
  if (typeof first === 'string' || typeof second === 'string' || first.length !== second.length) return false;
  for (let index = 0; index < first.length; index += 1) {
    const x = first[index] as Part;
    const y = second[index] as Part;
    if (x === y) continue;
    if (x.type !== y.type || optionsOf(x) !== optionsOf(y)) return false;
    switch (x.type) {
      case 'text':
      case 'reasoning':
        if (x.text !== (y as typeof x).text) return false;
        break;
      case 'tool-call': {
        const other = y as typeof x;
        if (
          x.toolCallId !== other.toolCallId ||
          x.toolName !== other.toolName ||
          x.input !== other.input ||
          x.providerExecuted !== other.providerExecuted
        ) {
          return false;
        }
        break;
      }
      case 'tool-result': {
        const other = y as typeof x;
        if (x.toolCallId !== other.toolCallId || x.toolName !== other.toolName || x.output !== other.output) {
          return false;
        }
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

function samePart(a: Part, b: Part): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  let same: boolean;
  switch (a.type) {
    case 'text':
    case 'reasoning':
      same = a.text === (b as typeof a).text;
      break;
    case 'tool-call': {
      const other = b as typeof a;
      same =
        a.toolCallId === other.toolCallId &&
        a.toolName === other.toolName &&
        a.providerExecuted === other.providerExecuted &&
        sameJson(a.input, other.input);
      break;
    }
    case 'tool-result': {
      const other = b as typeof a;
      same = a.toolCallId === other.toolCallId && a.toolName === other.toolName && sameOutput(a, other);
      break;
    }
    default:
      return sameJson(a, b);
  }
  return same && sameOptions(optionsOf(a), optionsOf(b));
}

function sameOutput(a: Extract<Part, { type: 'tool-result' }>, b: Extract<Part, { type: 'tool-result' }>) {
  const first = a.output;
  const second = b.output;
  if (first === second) return true;
  if (first.type !== second.type) return false;
  if ((first.type === 'text' || first.type === 'error-text') && Object.keys(first).length === 2) {
    return first.value === (second as typeof first).value && Object.keys(second).length === 2;
  }
  return sameJson(first, second);
}

/** A part's provider options (an approval request has none). */
function optionsOf(part: Part): Options {
  return 'providerOptions' in part ? part.providerOptions : undefined;
}

/** Provider options without the message's Anthropic cache breakpoint (`undefined` when nothing is left). */
function unmarked(options: Options): Options {
  const anthropic = options?.anthropic;
  if (anthropic === undefined || !('cacheControl' in anthropic)) return options;
  const { cacheControl: _, ...rest } = anthropic;
  const { anthropic: __, ...others } = options ?? {};
  const kept = Object.keys(rest).length > 0 ? { ...others, anthropic: rest } : others;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function sameOptions(a: Options, b: Options): boolean {
  return a === b || sameJson(a, b);
}

/** Equal as JSON sees them: the same value, or equal once written and read back as JSON. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return asJson(a) === asJson(b);
  }
  // Equal objects are equal as JSON; only others (a key set to undefined, another key order) go through it.
  if (isDeepStrictEqual(a, b)) return true;
  return isDeepStrictEqual(JSON.parse(asJson(a) ?? 'null'), JSON.parse(asJson(b) ?? 'null'));
}

function asJson(value: unknown): string | undefined {
  return JSON.stringify(value);
}
