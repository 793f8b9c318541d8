import type { ModelMessage } from 'ai';
import { isObservation } from '../messages/observation-mark.js';
import { messageStrings } from '../strategies/summarization/facts/message-strings.js';
import type { CallFidelity } from './call-fidelity.js';
import { type ResponseFacts, responseFacts } from './response-facts.js';

/** One call as {@link FidelityMeter.measure} reads it. */
export interface MeasureFidelityOptions {
  /** The unmanaged prompt: the full history before the call. */
  history: readonly ModelMessage[];
  /** The prompt the strategy sent instead. */
  managed: readonly ModelMessage[];
  /** The agent's recorded answer to the call; none: nothing to measure. */
  response: ModelMessage | undefined;
}

/** Measures, call by call, the facts a strategy's prompts hid from the agent (see {@link fidelityMeter}). */
export interface FidelityMeter {
  measure(options: MeasureFidelityOptions): CallFidelity;
}

/**
 * A fact of the answer the unmanaged prompt held only in tool outputs and the agent's own earlier
 * messages, with the messages that hold it.
 */
interface SourcedFact {
  value: string;
  holders: ModelMessage[];
  /** Whether one of the agent's own earlier messages holds it (else only tool outputs do). */
  own: boolean;
  /** False when another sourced fact of the answer contains it: counted with that one. */
  counted: boolean;
  /** The same among the facts tool outputs alone held. */
  countedAmongOutputs: boolean;
}

interface Sourcing {
  history: readonly ModelMessage[];
  facts: ResponseFacts;
  sourced: Map<string, SourcedFact>;
  /** The history's messages, as a set (made at the first measure). */
  messages?: Set<ModelMessage>;
}

/**
 * Whether a generic value (a language's builtin name, a whole number under 1,000) is distinctive in the
 * run: held by so few messages that the answer most likely took it from one of them.
 */
const distinctiveHolders = 1;

/** Whether `text` holds `value` as a whole (`637` in `line 637:`, not in `13665637`). */
function holdsWhole(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + value.length] ?? ' ';
    if (!/[\w]/.test(before) && !/[\w]/.test(after)) return true;
  }
  return false;
}

/**
 * A fidelity meter: for each call, takes the distinctive facts of the agent's actual answer
 * (`responseFacts`: its reasoning, text and tool-call arguments), keeps those the unmanaged prompt holds
 * only in tool outputs (a text-based agent's observations, `isObservation`, count as tool outputs) and the
 * agent's own earlier messages (its earlier tool inputs, which tool-input clearing cuts, and its text) —
 * in no system or user message: names the model wrote without having seen them, or read from its
 * instructions, are never counted — and counts one as hidden when no message of the managed prompt
 * contains it any more. A generic value (a language's builtin name, a whole number under 1,000) counts
 * only where it is distinctive in the run: one message holds it. It also counts, apart, the facts tool
 * outputs alone held (`outputFacts`, `hiddenOutputFacts`). A summary or a placeholder that still carries
 * the fact keeps it visible. The unmanaged prompt hides nothing by construction.
 *
 * Which facts an answer draws from which messages depends only on the history, so the meter remembers it
 * per answer and history, for every strategy replayed over the same transcript (found by identity when
 * the history is a frozen array, which cannot change); message texts are read once per message object.
 *
 * @example
 * const meter = fidelityMeter();
 * const { hidden } = meter.measure({ history, managed, response: transcript.messages[history.length] });
 */
export function fidelityMeter(): FidelityMeter {
  const texts = new WeakMap<ModelMessage, string>();
  const sourcings = new WeakMap<ModelMessage, Sourcing[]>();
  /** Per frozen history (one that cannot change), its sourcing per answer. */
  const frozenSourcings = new WeakMap<readonly ModelMessage[], WeakMap<ModelMessage, Sourcing>>();
  const textOf = (message: ModelMessage) => {
    let text = texts.get(message);
    if (text === undefined) {
      text = messageStrings(message, { scalars: true }).join('\n');
      texts.set(message, text);
    }
    return text;
  };

  function sourcing(history: readonly ModelMessage[], response: ModelMessage): Sourcing {
    if (!Object.isFrozen(history)) return sourcingOf(history, response);
    let byResponse = frozenSourcings.get(history);
    if (byResponse === undefined) {
      byResponse = new WeakMap();
      frozenSourcings.set(history, byResponse);
    }
    let found = byResponse.get(response);
    if (found === undefined) {
      found = sourcingOf(history, response);
      byResponse.set(response, found);
    }
    return found;
  }

  function sourcingOf(history: readonly ModelMessage[], response: ModelMessage): Sourcing {
    const known = sourcings.get(response) ?? [];
    const same = known.find(
      (entry) =>
        entry.history.length === history.length &&
        entry.history.every((message, index) => message === history[index]),
    );
    if (same !== undefined) return same;
    const facts = responseFacts(response);
    const all = [...facts.text, ...facts.reasoning, ...facts.toolCalls.flatMap((call) => call.facts)];
    const generic = new Map<string, boolean>();
    for (const fact of all)
      generic.set(fact.value, (generic.get(fact.value) ?? true) && fact.generic === true);
    const sourced = new Map<string, SourcedFact>();
    for (const [value, isGeneric] of generic) {
      const holders: ModelMessage[] = [];
      let elsewhere = false;
      let own = false;
      for (const message of history) {
        if (!textOf(message).includes(value)) continue;
        if (message.role === 'system' || (message.role === 'user' && !isObservation(message))) {
          elsewhere = true;
          break;
        }
        if (message.role === 'assistant') own = true;
        holders.push(message);
      }
      if (elsewhere || holders.length === 0) continue;
      if (
        isGeneric &&
        holders.filter((message) => holdsWhole(textOf(message), value)).length > distinctiveHolders
      )
        continue;
      sourced.set(value, { value, holders, own, counted: true, countedAmongOutputs: !own });
    }
    for (const fact of sourced.values()) {
      for (const other of sourced.values()) {
        if (other === fact || !other.value.includes(fact.value)) continue;
        fact.counted = false;
        if (!other.own) fact.countedAmongOutputs = false;
      }
    }
    const entry: Sourcing = { history: Object.isFrozen(history) ? history : history.slice(), facts, sourced };
    sourcings.set(response, [...known, entry]);
    return entry;
  }

  return {
    measure({ history, managed, response }) {
      if (response === undefined) {
        return { facts: 0, hidden: [], outputFacts: 0, hiddenOutputFacts: [], toolCalls: [] };
      }
      const found = sourcing(history, response);
      const { facts, sourced } = found;
      const kept = new Set(managed);
      found.messages ??= new Set(found.history);
      const original = found.messages;
      const added = managed.filter((message) => !original.has(message)).map(textOf);
      const hiddenValues = new Set<string>();
      for (const fact of sourced.values()) {
        const visible =
          fact.holders.some((message) => kept.has(message)) ||
          added.some((text) => text.includes(fact.value));
        if (!visible) hiddenValues.add(fact.value);
      }
      const all = [...sourced.values()];
      const counted = all.filter((fact) => fact.counted);
      const outputs = all.filter((fact) => fact.countedAmongOutputs);
      const hiddenOf = (list: SourcedFact[]) =>
        list.filter((fact) => hiddenValues.has(fact.value)).map((fact) => fact.value);
      return {
        facts: counted.length,
        hidden: hiddenOf(counted),
        outputFacts: outputs.length,
        hiddenOutputFacts: hiddenOf(outputs),
        toolCalls: facts.toolCalls.map((call) => ({
          toolName: call.toolName,
          hiddenInArguments: call.facts.some(
            (fact) => sourced.has(fact.value) && hiddenValues.has(fact.value),
          ),
        })),
      };
    },
  };
}
