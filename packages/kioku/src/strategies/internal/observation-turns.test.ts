import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { isObservation, markObservation } from '../../messages/observation-mark.js';
import { validateHistory } from '../../messages/validate-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { type ObservationMaskingState, observationMasking } from '../observation-masking/index.js';
import type { Strategy } from '../strategy.js';
import { withObservationTurns } from './observation-turns.js';
import { pin } from './pin.js';

const rows = (step: number) =>
  Array.from({ length: 40 }, (_, row) => `('host-${step}-${row}', 'notepad.exe', ${8000 + row})`).join('\n');

function reactHistory(steps: number): ModelMessage[] {
  const messages: ModelMessage[] = [
    { role: 'system', content: 'You are a security analyst.' },
    { role: 'user', content: 'Which account injected code into notepad.exe?' },
  ];
  for (let step = 0; step < steps; step += 1) {
    messages.push(
      {
        role: 'assistant',
        content: `Thought: look.\nAction: execute[SELECT * FROM DeviceEvents LIMIT ${step}]`,
      },
      markObservation({ role: 'user', content: rows(step) }),
    );
  }
  return messages;
}

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };

describe('withObservationTurns', () => {
  it("masks a text-based agent's older observations and sends the others exactly as they were", async () => {
    const history = reactHistory(6);
    const strategy = withObservationTurns(observationMasking({ keep: 2 }));
    const { messages } = await strategy.apply({
      messages: history,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(messages).toHaveLength(history.length);
    expect(validateHistory(messages)).toEqual([]);
    // Assistant messages and the two newest observations: the very same objects.
    history.forEach((message, index) => {
      if (message.role === 'assistant' || index >= history.length - 3) expect(messages[index]).toBe(message);
    });
    const masked = messages.filter((message, index) => message !== history[index]);
    expect(masked).toHaveLength(4);
    for (const message of masked) {
      expect(message.role).toBe('user');
      expect(isObservation(message)).toBe(true);
      expect(message.providerOptions?.kioku?.placeholder).toBe(true);
      expect(typeof message.content === 'string' && message.content.length < 200).toBe(true);
    }
    expect(counter.countPrompt({ messages })).toBeLessThan(counter.countPrompt({ messages: history }) / 2);
  });

  it('gives the same objects at the next call, and keeps pinned observations', async () => {
    const history = reactHistory(6);
    history[3] = pin(history[3] as ModelMessage);
    const strategy = withObservationTurns(observationMasking({ keep: 2 }));
    const first = await strategy.apply({
      messages: history,
      counter,
      budget,
      state: strategy.initialState(),
    });
    const longer = [...history, ...reactHistory(7).slice(-2)];
    const second = await strategy.apply({ messages: longer, counter, budget, state: first.state });
    first.messages.forEach((message, index) => {
      if (index < history.length - 3) expect(second.messages[index]).toBe(message);
    });
    expect(second.messages[3]).toBe(history[3]);
  });

  it('runs compact through the same view', async () => {
    const history = reactHistory(6);
    const masking = observationMasking({ keep: 1 });
    const onDemand: Strategy<ObservationMaskingState> = {
      ...masking,
      apply: async ({ messages, state }) => ({ messages: [...messages], edits: [], state }),
      compact: (input) => masking.apply(input),
    };
    const strategy = withObservationTurns(onDemand);
    const input = { messages: history, counter, budget, state: strategy.initialState() };
    expect((await strategy.apply(input)).messages).toEqual(history);
    const compacted = await strategy.compact?.(input);
    const changed = compacted?.messages.filter((message, index) => message !== history[index]) ?? [];
    expect(changed).toHaveLength(5);
    expect(changed.every(isObservation)).toBe(true);
    expect(validateHistory(compacted?.messages ?? [])).toEqual([]);
  });

  it('gives a history without observations to the strategy as it is', async () => {
    const plain: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    const strategy = withObservationTurns(observationMasking());
    const { messages } = await strategy.apply({
      messages: plain,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(messages).toEqual(plain);
  });
});
