import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolStep } from '../test/tool-step.js';
import { fidelityMeter } from './fidelity-meter.js';

const masked = (message: ModelMessage): ModelMessage =>
  message.role === 'tool'
    ? {
        ...message,
        content: message.content.map((part) =>
          part.type === 'tool-result' ? { ...part, output: { type: 'text', value: '[masked]' } } : part,
        ),
      }
    : message;

const history: ModelMessage[] = [
  { role: 'system', content: 'Reservation ids look like ABC123.' },
  { role: 'user', content: 'Change reservation 4NQLHD, user mia_li_3668.' },
  ...toolStep({
    id: 'r',
    toolName: 'get_reservation_details',
    input: { reservation_id: '4NQLHD' },
    output: 'reservation 4NQLHD: flight HAT045 on 2024-05-20, paid with credit_card_7434610, price 1284',
  }),
];
const response: ModelMessage = {
  role: 'assistant',
  content: [
    { type: 'text', text: 'Flight HAT045 will be replaced.' },
    {
      type: 'tool-call',
      toolCallId: 'u',
      toolName: 'update_reservation_flights',
      input: { reservation_id: '4NQLHD', payment_id: 'credit_card_7434610', flights: [{ number: 'HAT170' }] },
    },
  ],
};

describe('fidelityMeter', () => {
  it('hides nothing when the managed prompt is the history', () => {
    const fidelity = fidelityMeter().measure({ history, managed: history, response });
    expect(fidelity).toEqual({
      facts: 2,
      hidden: [],
      outputFacts: 2,
      hiddenOutputFacts: [],
      toolCalls: [{ toolName: 'update_reservation_flights', hiddenInArguments: false }],
    });
  });

  it('counts only facts that tool outputs alone held, hidden once their output is gone', () => {
    const fidelity = fidelityMeter().measure({ history, managed: history.map(masked), response });
    // 4NQLHD came from the user, HAT170 from nowhere (the model chose it): neither is a tool-sourced fact.
    expect(fidelity.hidden).toEqual(['HAT045', 'credit_card_7434610']);
    expect(fidelity.toolCalls).toEqual([{ toolName: 'update_reservation_flights', hiddenInArguments: true }]);
  });

  it('keeps a fact visible when a new message of the managed prompt (a summary, a digest) carries it', () => {
    const summary: ModelMessage = {
      role: 'user',
      content: 'Summary: the card on file is credit_card_7434610.',
    };
    const managed = [...history.slice(0, 2), summary];
    const fidelity = fidelityMeter().measure({ history, managed, response });
    expect(fidelity.hidden).toEqual(['HAT045']);
    expect(fidelity.toolCalls[0]?.hiddenInArguments).toBe(false);
  });

  it("keeps a fact visible while the agent's own earlier message that held it is kept", () => {
    const earlier: ModelMessage = { role: 'assistant', content: 'I see flight HAT045.' };
    const fidelity = fidelityMeter().measure({
      history: [...history, earlier],
      managed: [...history.map(masked), earlier],
      response,
    });
    expect(fidelity.hidden).toEqual(['credit_card_7434610']);
    expect(fidelity.hiddenOutputFacts).toEqual(['credit_card_7434610']);
  });

  it('counts in the headline the facts of its own earlier messages that the managed prompt cut (cleared inputs)', () => {
    const earlier: ModelMessage = { role: 'assistant', content: 'I see flight HAT045.' };
    const fidelity = fidelityMeter().measure({
      history: [...history, earlier],
      managed: history.map(masked),
      response,
    });
    expect(fidelity.facts).toBe(2);
    expect(fidelity.hidden).toEqual(['HAT045', 'credit_card_7434610']);
    // Apart: what tool outputs alone held.
    expect(fidelity.outputFacts).toBe(1);
    expect(fidelity.hiddenOutputFacts).toEqual(['credit_card_7434610']);
  });

  it("reads the answer's reasoning as well as its text and calls", () => {
    const thinking: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'The card on file is credit_card_7434610; the flight is HAT045.' },
        { type: 'text', text: 'Done.' },
      ],
    };
    const fidelity = fidelityMeter().measure({ history, managed: history.map(masked), response: thinking });
    expect(fidelity.hidden).toEqual(['credit_card_7434610', 'HAT045']);
  });

  it('counts a generic value (a builtin name, a number under 1,000) only where one message holds it', () => {
    const output = (id: string, text: string) =>
      toolStep({ id, toolName: 'bash', input: { command: 'run' }, output: text });
    const once = [...history.slice(0, 2), ...output('a', 'ValueError at line 612 of cards.py')];
    const twice = [...once, ...output('b', 'ValueError again, see line 612; 1612 ids')];
    const answer: ModelMessage = { role: 'assistant', content: 'Line 612 raises ValueError.' };
    const distinct = fidelityMeter().measure({ history: once, managed: once.map(masked), response: answer });
    expect(distinct.hidden).toEqual(['ValueError', '612']);
    const common = fidelityMeter().measure({ history: twice, managed: twice.map(masked), response: answer });
    expect(common.hidden).toEqual([]);
    // 1612 holds 612 inside a longer number: not a second holder.
    const inside = [...once, ...output('c', 'ids 1612 and 3612')];
    const counted = fidelityMeter().measure({
      history: inside,
      managed: inside.map(masked),
      response: answer,
    });
    expect(counted.hidden).toEqual(['ValueError', '612']);
  });

  it('counts a fact inside another tool-sourced fact once, with it', () => {
    const line = 'paid_with = credit_card_7434610 and flight HAT045';
    const own: ModelMessage[] = [...history.slice(0, 2), ...toolStep({ id: 'x', output: `${line}\nmore` })];
    const answer: ModelMessage = { role: 'assistant', content: `Found:\n${line}` };
    const fidelity = fidelityMeter().measure({ history: own, managed: own.map(masked), response: answer });
    expect(fidelity).toEqual({
      facts: 1,
      hidden: [line],
      outputFacts: 1,
      hiddenOutputFacts: [line],
      toolCalls: [],
    });
  });

  it("reads an answer's sources again for another history: frozen ones by identity, others by content", () => {
    const told: ModelMessage[] = [
      history[0] as ModelMessage,
      { role: 'user', content: 'Change reservation 4NQLHD to flight HAT045, pay with credit_card_7434610.' },
      ...history.slice(2),
    ];
    const fresh = (given: readonly ModelMessage[]) =>
      fidelityMeter().measure({ history: given, managed: given.map(masked), response });
    const meter = fidelityMeter();
    const measure = (given: readonly ModelMessage[]) =>
      meter.measure({ history: given, managed: given.map(masked), response });
    const frozen = Object.freeze(history.slice());
    const frozenTold = Object.freeze(told.slice());
    expect(measure(frozen)).toEqual(fresh(history));
    expect(measure(frozenTold)).toEqual(fresh(told));
    expect(measure(frozenTold).hidden).toEqual([]);
    expect(measure(frozen).hidden).toEqual(['HAT045', 'credit_card_7434610']);
    // A history that is not frozen may change after it was read: it is compared by content.
    const changing = history.slice();
    expect(measure(changing)).toEqual(fresh(history));
    changing.splice(0, changing.length, ...told);
    expect(measure(changing)).toEqual(fresh(told));
  });

  it('measures nothing without an answer', () => {
    expect(fidelityMeter().measure({ history, managed: [], response: undefined })).toEqual({
      facts: 0,
      hidden: [],
      outputFacts: 0,
      hiddenOutputFacts: [],
      toolCalls: [],
    });
  });
});
