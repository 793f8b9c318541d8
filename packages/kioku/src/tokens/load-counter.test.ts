import { describe, expect, it } from 'vitest';
import { counterForModel } from './counter-for-model.js';
import { loadCounter } from './load-counter.js';

describe('loadCounter', () => {
  it('resolves to the shared counter of the model, after work already queued on the event loop', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('queued work'));
    const loading = loadCounter('gpt-4.1').then((counter) => {
      order.push('counter loaded');
      return counter;
    });
    const counter = await loading;
    expect(order).toEqual(['queued work', 'counter loaded']);
    expect(counter).toBe(counterForModel('openai/gpt-4.1'));
    expect(counter.countText('hello world')).toBe(2);
  });
});
