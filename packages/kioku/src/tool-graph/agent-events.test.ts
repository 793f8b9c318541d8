import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { importTranscript } from '../transcripts/index.js';
import { agentEvents } from './agent-events.js';

const fixture = (name: string) => {
  const file = fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
  return importTranscript(readFileSync(file), { file });
};

describe('agentEvents on text-based agents', () => {
  it("reads SWE-agent's fenced commands as calls, each with the observation after it as its output", () => {
    const [run] = fixture('swe-agent-test-repo-i1.traj');
    const events = agentEvents(run?.messages ?? []);
    const calls = events.filter((event) => event.kind === 'call');
    expect(calls.map((call) => call.tool)).toEqual(['find_file', 'open', 'edit', 'python', 'submit']);
    // The observations are outputs, not user turns: the demonstration and the task are the user events.
    expect(events.map((event) => event.kind)).toEqual(['user', 'user', ...calls.map(() => 'call')]);
    // Each has the observation after it as its output, but the submission that ended the run.
    expect(calls.slice(0, -1).every((call) => typeof call.output === 'string')).toBe(true);
  });

  it("reads SecRL's ReAct Action: execute[…] and submit[…]", () => {
    const runs = fixture('secrl-agent-incident-38.json');
    const tools = runs.flatMap((run) =>
      agentEvents(run.messages).flatMap((event) => (event.kind === 'call' ? [event.tool] : [])),
    );
    expect(new Set(tools)).toEqual(new Set(['execute', 'submit']));
    expect(tools.filter((tool) => tool === 'submit')).toHaveLength(runs.length);
  });

  it('marks an observation reporting a non-zero return code as an error', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Fix the bug.' },
      { role: 'assistant', content: 'Run the tests.\n```bash\npytest -x\n```' },
      { role: 'user', content: '<returncode>1</returncode>\n<output>1 failed</output>' },
      { role: 'assistant', content: 'Look again.\n```bash\ncat setup.py\n```' },
      { role: 'user', content: '<returncode>0</returncode>\n<output>...</output>' },
    ];
    expect(
      agentEvents(messages).map((event) => (event.kind === 'call' ? event.outcome : event.kind)),
    ).toEqual(['user', 'error', 'ok']);
  });

  it('leaves runs with tool calls as they are: text that looks like an action is a reply there', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Find it.' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'search', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'search', output: { type: 'text', value: 'x' } },
        ],
      },
      { role: 'assistant', content: 'Next I would run:\n```bash\nls\n```' },
      { role: 'user', content: 'Thanks.' },
    ];
    expect(agentEvents(messages).map((event) => (event.kind === 'call' ? event.tool : event.kind))).toEqual([
      'user',
      'search',
      'reply',
      'user',
    ]);
  });
});
