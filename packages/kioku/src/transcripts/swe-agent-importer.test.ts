import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from './import-transcript.js';

const read = (path: string) => {
  const file = join(trajectoriesDir, 'SWE-agent', path);
  return importTranscript(readFileSync(file), { file });
};

describeWithTrajectories('sweAgentImporter on the SWE-agent trajectories', () => {
  it('reads a function-calling run from its history: tool calls answered through tool_call_ids', () => {
    const [run] = read('trajectories/demonstrations/function_calling_simple.traj');
    expect(run?.id).toBe('function_calling_simple');
    expect(run?.messages).toHaveLength(12);
    expect(run?.messages.map((m) => m.role).slice(0, 4)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(run?.messages[2]?.content).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        toolName: 'find_file',
        input: { file_name: 'missing_colon.py' },
      }),
    );
    expect(run?.messages[3]?.content).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        toolName: 'find_file',
        output: { type: 'text', value: expect.any(String) },
      }),
    ]);
    expect(run?.calls).toHaveLength(5);
  });

  it('reads a text-only run (actions in the assistant text) and takes the model from replay_config', () => {
    const [run] = read(
      'tests/test_data/trajectories/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj',
    );
    expect(run?.model).toBe('gpt-4o');
    expect(run?.messages).toHaveLength(10);
    expect(run?.calls.map((call) => call.messageCount)).toEqual([2, 4, 6, 8]);
  });

  it('records no calls for a replayed demonstration (api_calls 0)', () => {
    const [run] = read('trajectories/demonstrations/ctf/crypto/katy.traj');
    expect(run?.messages).toHaveLength(37);
    expect(run?.calls).toEqual([]);
  });

  it('renames the call ids a demonstration reuses, keeping each result with its call', () => {
    const [run] = read(
      'trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__function_calling__install-1/marshmallow-code__marshmallow-1867.traj',
    );
    const ids = run?.messages.flatMap((m) =>
      m.role === 'assistant' && Array.isArray(m.content)
        ? m.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))
        : [],
    );
    expect(ids).toHaveLength(11);
    expect(new Set(ids).size).toBe(11);
  });
});
