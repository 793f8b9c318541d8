import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import { createParameterFiller } from './parameter-filler.js';
import { valueShape } from './value-shape.js';

const lookupRun = (userId: string, reservation: string): AgentEvent[] => [
  { kind: 'user', text: `Hi, I am ${userId} and I want to cancel` },
  {
    kind: 'call',
    tool: 'get_user_details',
    input: { user_id: userId },
    outcome: 'ok',
    output: JSON.stringify({ reservations: [reservation] }),
  },
  {
    kind: 'call',
    tool: 'get_reservation_details',
    input: { reservation_id: reservation },
    outcome: 'ok',
    output: '{}',
  },
];

describe('createParameterFiller', () => {
  const filler = createParameterFiller();
  // A source must be right often before it is trusted (the lower end of its 95% interval ≥ 0.8).
  const names = Array.from({ length: 40 }, (_, index) => `user_${'abcdefghij'[index % 10]}x_${1000 + index}`);
  for (const [index, name] of names.entries()) {
    const run = lookupRun(name, `R${index}X${index}Q`);
    run.forEach((event, position) => {
      if (event.kind === 'call') filler.learn(run.slice(0, position), event);
    });
  }

  it('fills a parameter from a value of the same shape in the user message', () => {
    const before: AgentEvent[] = [{ kind: 'user', text: 'My user id is noah_brown_1234, please help' }];
    expect(filler.fill(before, 'get_user_details')).toMatchObject({
      input: { user_id: 'noah_brown_1234' },
      sources: { user_id: `user:${valueShape('noah_brown_1234')}` },
    });
  });

  it('fills a parameter from a field of an earlier output', () => {
    const before = lookupRun('noah_brown_1234', 'ZZ9ZZ9').slice(0, 2);
    expect(filler.fill(before, 'get_reservation_details')?.input).toEqual({ reservation_id: 'ZZ9ZZ9' });
  });

  it('does not guess when the source is ambiguous or missing', () => {
    const two: AgentEvent[] = [{ kind: 'user', text: 'either noah_brown_1234 or liam_ng_1000' }];
    expect(filler.fill(two, 'get_user_details')).toBeUndefined();
    expect(filler.fill([{ kind: 'user', text: 'hello' }], 'get_user_details')).toBeUndefined();
    expect(filler.fill([], 'never_seen')).toBeUndefined();
  });

  it('does not fill a tool whose parameter names vary', () => {
    const varying = createParameterFiller();
    for (let index = 0; index < 40; index += 1) {
      varying.learn([], { tool: 'ls', input: index % 2 === 0 ? { a: true } : {} });
    }
    expect(varying.fill([], 'ls')).toBeUndefined();
    const stable = createParameterFiller();
    for (let index = 0; index < 40; index += 1) stable.learn([], { tool: 'ls', input: { a: true } });
    expect(stable.fill([], 'ls')?.input).toEqual({ a: true });
  });

  it('reads a short output that is not JSON as one value (an id a lookup returns as text)', () => {
    const text = createParameterFiller();
    for (let index = 0; index < 40; index += 1) {
      const id = `user_${index}x`;
      const run: AgentEvent[] = [
        { kind: 'user', text: 'find me' },
        { kind: 'call', tool: 'find_user', input: {}, outcome: 'ok', output: id },
      ];
      text.learn(run, { tool: 'get_user', input: { user_id: id } });
    }
    const before: AgentEvent[] = [
      { kind: 'call', tool: 'find_user', input: {}, outcome: 'ok', output: ' ana_7 \n' },
    ];
    expect(text.fill(before, 'get_user')).toMatchObject({
      input: { user_id: 'ana_7' },
      sources: { user_id: 'output:find_user:$' },
    });
  });

  it('takes the next value of a listed output not yet passed, as an agent going through a list does', () => {
    const listing = createParameterFiller();
    const lookup = (orders: string[]): AgentEvent => ({
      kind: 'call',
      tool: 'get_user',
      input: {},
      outcome: 'ok',
      output: JSON.stringify({ orders }),
    });
    const detail = (order: string): AgentEvent => ({
      kind: 'call',
      tool: 'get_order',
      input: { order_id: order },
      outcome: 'ok',
      output: '{}',
    });
    for (let index = 0; index < 20; index += 1) {
      const orders = [`#A${index}`, `#B${index}`, `#C${index}`];
      const run = [lookup(orders), ...orders.map(detail)];
      run.forEach((event, position) => {
        if (event.kind === 'call' && event.tool === 'get_order') listing.learn(run.slice(0, position), event);
      });
    }
    const orders = ['#X1', '#X2', '#X3'];
    expect(listing.fill([lookup(orders)], 'get_order')?.input).toEqual({ order_id: '#X1' });
    expect(listing.fill([lookup(orders), detail('#X1')], 'get_order')).toMatchObject({
      input: { order_id: '#X2' },
      sources: { order_id: 'next:get_user:$.orders[*]' },
    });
    expect(listing.fill([lookup(orders), ...orders.map(detail)], 'get_order')).toBeUndefined();
  });
});
