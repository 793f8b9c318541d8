import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { importTranscript } from './import-transcript.js';

const experiments = join(trajectoriesDir, 'SecRL/latest_experiments');
const mini = join(experiments, 'BaselineAgent_gpt-5-mini_c127_alert_level_t0_s25_trial1');
const full = join(experiments, 'BaselineAgent_gpt-5_c121_alert_level_t0_s25_trial1');
const read = (file: string) => importTranscript(readFileSync(file), { file });

describeWithTrajectories('ExCyTIn-Bench importers on incident 38', () => {
  it('reads the agent log: one run per question trial, ReAct text, observations as user messages', () => {
    const runs = read(join(mini, 'agent_incident_38.json'));
    expect(runs.map((run) => run.format)).toEqual(Array(11).fill('excytin-agent'));
    expect(runs[0]?.id).toBe('q0-trial0');
    expect(runs[0]?.model).toBe('gpt-5-mini-2025-08-07');
    expect(runs.reduce((sum, run) => sum + run.messages.length, 0)).toBe(259);
    expect(runs.reduce((sum, run) => sum + run.calls.length, 0)).toBe(124);
    expect(runs[0]?.messages[2]?.content).toMatch(/^Thought: .*\n\nAction: execute\[/s);
    expect(read(join(full, 'agent_incident_38.json'))[0]?.model).toBe('gpt-5-2025-08-07');
  });

  it('reads the environment log: SQL steps as execute calls with their observations, then a submit', () => {
    const runs = read(join(mini, 'env_incident_38.json'));
    expect(runs).toHaveLength(10);
    expect(runs.reduce((sum, run) => sum + run.messages.length, 0)).toBe(212);
    const [first] = runs;
    expect(first?.messages[0]?.content).toContain('Can you identify the name of the account');
    expect(first?.messages[1]?.content).toEqual([
      expect.objectContaining({
        type: 'tool-call',
        toolName: 'execute',
        input: { query: expect.stringContaining('SELECT') },
      }),
    ]);
    expect(first?.messages.at(-2)?.content).toEqual([
      expect.objectContaining({ toolName: 'submit', input: { answer: expect.stringContaining('nathans') } }),
    ]);
    expect(first?.calls).toEqual([]);
  });
});
