import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from './import-transcript.js';

const file = join(trajectoriesDir, 'tau-bench/historical_trajectories/gpt-4o-airline.json');

describeWithTrajectories('tauBenchImporter on the gpt-4o airline runs', () => {
  const runs = importTranscript(readFileSync(file), { file });

  it('reads 200 runs (50 tasks × 4 trials) with one id each', () => {
    expect(runs).toHaveLength(200);
    expect(runs[0]?.id).toBe('task-0-trial-0');
    expect(new Set(runs.map((run) => run.id)).size).toBe(200);
  });

  it('keeps every message: 5,308 in all, 6 to 62 per run, 1,164 tool calls', () => {
    const lengths = runs.map((run) => run.messages.length);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(5308);
    expect(Math.min(...lengths)).toBe(6);
    expect(Math.max(...lengths)).toBe(62);
    const toolCalls = runs.flatMap((run) =>
      run.messages.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : [])),
    );
    expect(toolCalls.filter((part) => part.type === 'tool-call')).toHaveLength(1164);
  });

  it('records a call per assistant message, without usage (the file has none)', () => {
    expect(runs.reduce((sum, run) => sum + run.calls.length, 0)).toBe(2454);
    expect(runs.every((run) => run.calls.every((call) => call.usage === undefined))).toBe(true);
  });
});
