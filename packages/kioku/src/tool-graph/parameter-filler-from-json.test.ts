import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import { createParameterFiller } from './parameter-filler.js';
import { parameterFillerFromJSON } from './parameter-filler-from-json.js';

const eventsOf = (user: string, reservation: string): AgentEvent[] => [
  { kind: 'user', text: `I am ${user}` },
  {
    kind: 'call',
    tool: 'get_user_details',
    input: { user_id: user },
    outcome: 'ok',
    output: JSON.stringify({ reservations: [reservation] }),
  },
];

describe('parameterFillerFromJSON', () => {
  it('restores a filler exactly: it fills the same', () => {
    const filler = createParameterFiller({ minCalls: 2 });
    for (let index = 0; index < 30; index += 1) {
      const events = eventsOf(`user_${'abcde'[index % 5]}x_${1000 + index}`, `R${index}Q`);
      filler.learn(events.slice(0, 1), { tool: 'get_user_details', input: { user_id: `x${index}` } });
      filler.learn(events, { tool: 'get_reservation_details', input: { reservation_id: `R${index}Q` } });
    }
    const restored = parameterFillerFromJSON(JSON.parse(JSON.stringify(filler.toJSON())));
    const probe = eventsOf('noah_brown_1234', 'ZZ9ZZ9');
    expect(restored.fill(probe, 'get_reservation_details')).toEqual(
      filler.fill(probe, 'get_reservation_details'),
    );
    expect(restored.fill(probe, 'get_reservation_details')?.input).toEqual({ reservation_id: 'ZZ9ZZ9' });
    expect(restored.toJSON()).toEqual(filler.toJSON());
  });

  it('names what is wrong in data it cannot restore', () => {
    expect(() =>
      parameterFillerFromJSON({ version: 1, minCalls: 3, tools: [['ls', { calls: -1 }]] }),
    ).toThrow(/^parameter filler data: at \$\.tools\[0\]\[1\]\.calls: expected .*, found -1$/);
  });
});
