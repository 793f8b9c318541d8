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
  /** False when another tool-only fact of the answer contains it: counted with that one. */
  counted: boolean;
  /** The same among every sourced fact, own ones included. */
  countedIncludingOwn: boolean;
}

interface Sourcing {
  history: readonly ModelMessage[];
  facts: ResponseFacts;
  sourced: Map<string, SourcedFact>;
}

/**
 * A fidelity meter: for each call, takes the distinctive facts of the agent's actual answer
 * (`responseFacts`: its text and tool-call arguments), keeps those the unmanaged prompt holds only inside
 * tool outputs (a text-based agent's observations, `isObservation`, count as tool outputs; in no system or user message and in none of the agent's own earlier messages: names the
 * model wrote without having seen them, or read from its instructions, are never counted), and counts one
 * as hidden when no message of the managed prompt contains it any more. It also counts, apart, the facts
 * the agent's own earlier messages held too (its tool inputs, which tool-input clearing cuts). A summary or a placeholder that
 * still carries the fact keeps it visible. The unmanaged prompt hides nothing by construction.
 *
 * Which facts an answer draws from which messages depends only on the history, so the meter remembers it
 * per answer and history, for every strategy replayed over the same transcript; message texts are read
 * once per message object.
 *
 * @example
 * const meter = fidelityMeter();
 * const { hidden } = meter.measure({ history, managed, response: transcript.messages[history.length] });
 */
export function fidelityMeter(): FidelityMeter {
  const texts = new WeakMap<ModelMessage, string>();
  const sourcings = new WeakMap<ModelMessage, Sourcing[]>();
  const textOf = (message: ModelMessage) => {
    let text = texts.get(message);
    if (text === undefined) {
      text = messageStrings(message, { scalars: true }).join('\n');
      texts.set(message, text);
    }
    return text;
  };

  function sourcing(history: readonly ModelMessage[], response: ModelMessage): Sourcing {
    const known = sourcings.get(response) ?? [];
    const same = known.find(
      (entry) =>
        entry.history.length === history.length &&
        entry.history.every((message, index) => message === history[index]),
    );
    if (same !== undefined) return same;
    const facts = responseFacts(response);
    const values = new Set(
      [...facts.text, ...facts.toolCalls.flatMap((call) => call.facts)].map((f) => f.value),
    );
    const sourced = new Map<string, SourcedFact>();
    for (const value of values) {
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
      if (!elsewhere && holders.length > 0) {
        sourced.set(value, { value, holders, own, counted: !own, countedIncludingOwn: true });
      }
    }
    for (const fact of sourced.values()) {
      for (const other of sourced.values()) {
        if (other === fact || !other.value.includes(fact.value)) continue;
        fact.countedIncludingOwn = false;
        if (!other.own) fact.counted = false;
      }
    }
    const entry = { history: history.slice(), facts, sourced };
    sourcings.set(response, [...known, entry]);
    return entry;
  }

  return {
    measure({ history, managed, response }) {
      if (response === undefined) {
        return { facts: 0, hidden: [], factsIncludingOwn: 0, hiddenIncludingOwn: [], toolCalls: [] };
      }
      const { facts, sourced } = sourcing(history, response);
      const kept = new Set(managed);
      const original = new Set(history);
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
      const countedIncludingOwn = all.filter((fact) => fact.countedIncludingOwn);
      const hiddenOf = (list: SourcedFact[]) =>
        list.filter((fact) => hiddenValues.has(fact.value)).map((fact) => fact.value);
      const toolOnly = new Set(all.filter((fact) => !fact.own).map((fact) => fact.value));
      return {
        facts: counted.length,
        hidden: hiddenOf(counted),
        factsIncludingOwn: countedIncludingOwn.length,
        hiddenIncludingOwn: hiddenOf(countedIncludingOwn),
        toolCalls: facts.toolCalls.map((call) => ({
          toolName: call.toolName,
          hiddenInArguments: call.facts.some(
            (fact) => toolOnly.has(fact.value) && hiddenValues.has(fact.value),
          ),
        })),
      };
    },
  };
}
