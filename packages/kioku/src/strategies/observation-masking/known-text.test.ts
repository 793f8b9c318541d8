import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObservation } from '../../messages/observation-mark.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { messageStrings } from '../summarization/facts/message-strings.js';
import { knownText } from './known-text.js';

/** The definition: the text of the messages before `index`, tool outputs and observations aside. */
const naive = (messages: readonly ModelMessage[], index: number) =>
  messages
    .slice(0, index)
    .filter((message) => message.role !== 'tool' && !isObservation(message))
    .map((message) => messageStrings(message, { scalars: true }).join('\n'))
    .join('\n');

describe('knownText', () => {
  it('answers as a search of the text before each message would, as the history grows', () => {
    fc.assert(
      fc.property(
        agentHistory(),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.string(),
        (messages, picks, other) => {
          const known = knownText();
          // Grown call by call, as a conversation is: each question after the history reached that length.
          for (let length = 1; length <= messages.length; length += 1) {
            const history = messages.slice(0, length);
            const full = naive(history, length);
            for (const pick of picks) {
              const index = pick % (length + 1);
              const text = naive(history, index);
              // Values found in the text, found only later, never found, and spanning two messages.
              const start = pick % Math.max(1, full.length);
              const values = [full.slice(start, start + 1 + (pick % 9)), other, `${other}\n`, ''];
              for (const value of values)
                expect(known.holds(history, index, value)).toBe(text.includes(value));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads a different history anew', () => {
    const known = knownText();
    const first: ModelMessage[] = [{ role: 'user', content: 'host-7 is down' }];
    const second: ModelMessage[] = [{ role: 'user', content: 'nothing here' }];
    expect(known.holds([...first, { role: 'user', content: 'x' }], 1, 'host-7')).toBe(true);
    expect(known.holds([...second, { role: 'user', content: 'x' }], 1, 'host-7')).toBe(false);
  });
});
