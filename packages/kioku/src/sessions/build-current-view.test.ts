import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidSessionInputError } from '../errors/index.js';
import { activeViews, findCrossedView } from './active-views.js';
import { buildCurrentView } from './build-current-view.js';
import { originalRange } from './original-range.js';
import type { CurrentView, MessageRange } from './session.js';

const message = (position: number): ModelMessage => ({ role: 'user', content: `message ${position}` });
const summaryOf = (version: number, count: number): ModelMessage[] =>
  Array.from({ length: count }, (_, index) => ({
    role: 'assistant',
    content: `summary ${version}.${index}`,
  }));

interface Step {
  start: number;
  length: number;
  summaryLength: number;
  appended: number;
}

/**
 * Plays a session: append, then compact a range of the current view (as a strategy would, in view
 * indices), mapped to original positions with `originalRange`. Returns the views recorded.
 */
function play(initial: number, steps: readonly Step[]) {
  const messages = Array.from({ length: initial }, (_, position) => message(position));
  const views: { version: number; replaces: MessageRange; summary: ModelMessage[] }[] = [];
  for (const step of steps) {
    const view = buildCurrentView({ sessionId: 's', messages, views });
    if (view.messages.length > 0) {
      const start = step.start % view.messages.length;
      const end = start + 1 + (step.length % (view.messages.length - start));
      const replaces = originalRange(view, { start, end });
      expect(findCrossedView(activeViews(views), replaces)).toBeUndefined();
      views.push({
        version: views.length + 1,
        replaces,
        summary: summaryOf(views.length + 1, step.summaryLength),
      });
    }
    for (let added = 0; added < step.appended; added += 1) messages.push(message(messages.length));
  }
  return { messages, views };
}

const step = fc.record({
  start: fc.nat(200),
  length: fc.nat(200),
  summaryLength: fc.nat(2),
  appended: fc.nat(6),
});

describe('buildCurrentView', () => {
  it('is the original history until something is compacted', () => {
    const messages = [message(0), message(1)];
    expect(buildCurrentView({ sessionId: 's', messages, views: [] })).toEqual({
      sessionId: 's',
      version: 0,
      messages,
      origins: [
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ],
      messageCount: 2,
    });
  });

  it('shows a summary in place of what it replaced, and a later summary in place of both', () => {
    const messages = Array.from({ length: 8 }, (_, position) => message(position));
    const first = { version: 1, replaces: { from: 1, to: 4 }, summary: summaryOf(1, 1) };
    const second = { version: 2, replaces: { from: 1, to: 6 }, summary: summaryOf(2, 1) };
    const once = buildCurrentView({ sessionId: 's', messages, views: [first] });
    expect(once.messages.map((m) => m.content)).toEqual([
      'message 0',
      'summary 1.0',
      'message 4',
      'message 5',
      'message 6',
      'message 7',
    ]);
    const twice = buildCurrentView({ sessionId: 's', messages, views: [second, first] });
    expect(twice.version).toBe(2);
    expect(twice.messages.map((m) => m.content)).toEqual([
      'message 0',
      'summary 2.0',
      'message 6',
      'message 7',
    ]);
    expect(twice.origins[1]).toEqual({ from: 1, to: 6 });
  });

  it('accounts for every original message exactly once, however compactions follow each other', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.array(step, { maxLength: 12 }), (initial, steps) => {
        const { messages, views } = play(initial, steps);
        const view = buildCurrentView({ sessionId: 's', messages, views });
        // Oracle: a position no view covers is shown as itself; a covered one belongs to the latest view
        // covering it (later summaries contain earlier ones whole), shown once at that view's start.
        const expected: { message: ModelMessage; origin: MessageRange }[] = [];
        messages.forEach((original, position) => {
          const covering = views.filter(
            ({ replaces }) => replaces.from <= position && position < replaces.to,
          );
          const latest = covering.reduce<(typeof views)[number] | undefined>(
            (a, b) => (a === undefined || b.version > a.version ? b : a),
            undefined,
          );
          if (latest === undefined)
            expected.push({ message: original, origin: { from: position, to: position + 1 } });
          else if (latest.replaces.from === position) {
            for (const summary of latest.summary)
              expected.push({ message: summary, origin: latest.replaces });
          }
        });
        expect(view.messages).toEqual(expected.map((entry) => entry.message));
        expect(view.origins).toEqual(expected.map((entry) => entry.origin));
        expect(view.version).toBe(views.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('originalRange', () => {
  const view: Pick<CurrentView, 'origins' | 'sessionId'> = {
    sessionId: 's',
    origins: [
      { from: 0, to: 1 },
      { from: 1, to: 5 },
      { from: 5, to: 6 },
    ],
  };

  it('maps view indices to the original positions behind them', () => {
    expect(originalRange(view, { start: 1, end: 3 })).toEqual({ from: 1, to: 6 });
    expect(originalRange(view, { start: 0, end: 1 })).toEqual({ from: 0, to: 1 });
  });

  it("refuses a range outside the view, giving the view's length", () => {
    expect(() => originalRange(view, { start: 2, end: 4 })).toThrow(InvalidSessionInputError);
    expect(() => originalRange(view, { start: 2, end: 2 })).toThrow(/0 <= start < end <= 3/);
  });
});
