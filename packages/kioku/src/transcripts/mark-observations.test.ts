import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { isObservation } from '../messages/observation-mark.js';
import { markObservations } from './mark-observations.js';

const history: ModelMessage[] = [
  { role: 'system', content: 'You are a security analyst.' },
  { role: 'user', content: 'Observation: this opens the task, it follows no action.' },
  { role: 'assistant', content: 'Thought: list the tables.\nAction: execute[SHOW TABLES;]' },
  { role: 'user', content: "[('DeviceEvents',)]" },
  { role: 'assistant', content: 'Action: execute[SELECT 1]' },
  { role: 'user', content: [{ type: 'text', text: 'Observation: 1' }] },
];

describe('markObservations', () => {
  it('marks every user turn after an action, and never the task', () => {
    const marked = markObservations(history, 'after-action');
    expect(marked.map(isObservation)).toEqual([false, false, false, true, false, true]);
    expect(marked[3]).toEqual({ ...history[3], providerOptions: { kioku: { observation: true } } });
  });

  it('marks only "Observation:" turns when labelled', () => {
    expect(markObservations(history, 'labelled').map(isObservation)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('leaves the messages it does not mark as they were (the same objects)', () => {
    const marked = markObservations(history, 'labelled');
    for (const index of [0, 1, 2, 3, 4]) expect(marked[index]).toBe(history[index]);
  });
});
