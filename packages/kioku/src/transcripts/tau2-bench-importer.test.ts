import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptFormatError } from '../errors/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { tau2BenchImporter } from './tau2-bench-importer.js';

const folder = join(trajectoriesDir, 'tau2-bench/feature-gym');

function read(name: string) {
  const file = join(folder, name);
  return tau2BenchImporter().read(JSON.parse(readFileSync(file, 'utf8')), { file });
}

describeWithTrajectories('tau2BenchImporter on the recorded runs', () => {
  it('rebuilds the agent prompt: tau2 system prompt with the policy, the domain tools, one call per agent turn', () => {
    const runs = read('gpt-4.1_airline_default_gpt-4.1_1trials.json');
    expect(runs).toHaveLength(20);
    const [run] = runs;
    expect(run?.id).toMatch(/^task-\d+-trial-0$/);
    expect(run?.model).toBe('gpt-4.1');
    expect(run?.tools?.map((tool) => tool.name)).toContain('book_reservation');
    expect(run?.tools).toHaveLength(14);
    const system = run?.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/^<instructions>\nYou are a customer service agent/);
    expect(system?.content).toContain('<policy>\n# Airline Agent Policy');
    // The greeting opens the history; the first billed call follows the user's first message.
    expect(run?.messages[1]).toEqual({ role: 'assistant', content: 'Hi! How can I help you today?' });
    expect(run?.calls[0]).toMatchObject({ messageCount: 3, model: 'gpt-4.1', usage: { promptTokens: 3346 } });
  });

  it('counts the rebuilt gpt-4.1 prompts within 2% of the billed prompt tokens', () => {
    const [run] = read('gpt-4.1_airline_default_gpt-4.1_1trials.json');
    if (run === undefined) throw new Error('no run');
    const counter = counterForModel(run.model);
    for (const call of run.calls) {
      const counted = counter.countPrompt({
        messages: run.messages.slice(0, call.messageCount),
        tools: run.tools ?? [],
      });
      const recorded = call.usage?.promptTokens ?? 0;
      expect(Math.abs(counted - recorded) / recorded).toBeLessThan(0.02);
    }
  });

  it('leaves out the tool calls of the simulated user, which the agent never sees', () => {
    const runs = read('gpt-4.1_telecom_default_gpt-4.1_1trials.json');
    const names = runs.flatMap((run) =>
      run.messages.flatMap((message) =>
        Array.isArray(message.content)
          ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolName] : []))
          : [],
      ),
    );
    expect(names).not.toContain('check_status_bar');
    expect(names).toContain('get_customer_by_phone');
  });
});

describeWithTrajectories('tau2BenchImporter on solo runs', () => {
  it('reads a solo-agent run with its actions, saying its prompt is not recorded and naming the field', () => {
    const runs = read('gpt-4.1_telecom_no-user_gpt-4.1_1trials.json');
    expect(runs).toHaveLength(40);
    const [run] = runs;
    expect(run?.promptMissing).toMatch(
      /the agent is "llm_agent_solo" \(at \$\.info\.agent_info\.implementation\), whose prompt .* the file does not record/,
    );
    expect(run?.tools).toBeUndefined();
    expect(run?.messages[0]?.role).toBe('assistant');
    const first = run?.messages[0]?.content;
    expect(Array.isArray(first) && first[0]?.type === 'tool-call' ? first[0].toolName : undefined).toBe(
      'get_customer_by_phone',
    );
    expect(read('gpt-4.1_airline_default_gpt-4.1_1trials.json')[0]?.promptMissing).toBeUndefined();
  });
});

describe('tau2BenchImporter', () => {
  it('names the simulation and field of a wrong shape', () => {
    const value = { info: {}, simulations: [{ task_id: '1', messages: [{ role: 'tool', content: 'x' }] }] };
    const error = (() => {
      try {
        tau2BenchImporter().read(value, { file: 'run.json' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(TranscriptFormatError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('$.simulations[0].messages[0].id');
  });
});
