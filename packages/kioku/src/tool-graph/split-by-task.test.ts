import { describe, expect, it } from 'vitest';
import { splitByTask } from './split-by-task.js';

describe('splitByTask', () => {
  it('keeps every run of a task on one side and alternates sorted task ids', () => {
    const runs = ['b-1', 'a-1', 'c-1', 'a-2', 'd-1', 'b-2'];
    const [train, test] = splitByTask(runs, (run) => run.slice(0, 1));
    expect(train).toEqual(['a-1', 'c-1', 'a-2']);
    expect(test).toEqual(['b-1', 'd-1', 'b-2']);
  });
});
