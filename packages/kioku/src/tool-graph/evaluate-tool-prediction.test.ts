import { describe, expect, it } from 'vitest';
import { cancelBookingRun as run } from '../test/cancel-booking-run.js';
import type { AgentEvent } from './agent-event.js';
import { evaluateToolPrediction } from './evaluate-tool-prediction.js';
import { createParameterFiller } from './parameter-filler.js';
import { createToolGraph } from './tool-graph.js';

describe('evaluateToolPrediction', () => {
  it('scores top-1 accuracy and bypasses on held-out runs, and can fail', () => {
    const train = Array.from({ length: 40 }, (_, index) =>
      run(`user_${'abcdefghij'[index % 10]}x_${1000 + index}`),
    );
    const test = ['fay_ash_6666', 'gus_ng_7777'].map(run);
    const result = evaluateToolPrediction({ train, test, thetas: [0.5] });
    expect(result.decisions).toBe(6);
    expect(result.perTool.cancel_reservation).toEqual({ calls: 2, top1: 1, top1WithInput: 1 });
    expect(result.top1WithInput).toBe(1);
    expect(result.toolCalls).toBe(4);
    expect(result.top1).toBe(1);
    // Beside it, the majority class: the tool called most often in training, right on 2 of the 4 calls.
    expect(result.majorityTop1).toBe(0.5);
    const [outcome] = result.thresholds;
    expect(outcome?.bypassed).toBeGreaterThan(0);
    expect(outcome?.bypassRight).toBe(outcome?.bypassed);

    const swapped = test.map((events) =>
      events.map(
        (event): AgentEvent =>
          event.kind === 'call' && event.tool === 'cancel_reservation'
            ? { ...event, input: { reservation_id: 'OTHER1' } }
            : event,
      ),
    );
    const wrong = evaluateToolPrediction({ train, test: swapped, thetas: [0.5] }).thresholds[0];
    expect(wrong?.bypassRight).toBeLessThan(wrong?.bypassed ?? 0);
    expect(evaluateToolPrediction({ train, test: swapped }).top1WithInput).toBe(0.5);
  });

  it('evaluates a graph and filler it is given, learning the training runs into them', () => {
    const graph = createToolGraph();
    const filler = createParameterFiller();
    const train = Array.from({ length: 40 }, (_, index) =>
      run(`user_${'abcdefghij'[index % 10]}x_${1000 + index}`),
    );
    const fresh = evaluateToolPrediction({ train, test: [run('fay_ash_6666')] });
    const given = evaluateToolPrediction({ train, test: [run('fay_ash_6666')], trained: { graph, filler } });
    expect(graph.runs).toBe(40);
    expect(given).toEqual(fresh);
    expect(evaluateToolPrediction({ test: [run('fay_ash_6666')], trained: { graph, filler } })).toEqual(
      fresh,
    );
  });

  it("counts the filler's best guess in top1WithInput at any reliability, bypassing only above minReliability", () => {
    // Four training runs: the sources are right every time, but four times is not enough for 0.9.
    const train = Array.from({ length: 4 }, (_, index) => run(`user_${'abcd'[index]}x_${1000 + index}`));
    const result = evaluateToolPrediction({ train, test: [run('fay_ash_6666')], thetas: [0.5] });
    expect(result.top1WithInput).toBe(1);
    expect(result.thresholds[0]?.bypassed).toBe(0);
  });
});
