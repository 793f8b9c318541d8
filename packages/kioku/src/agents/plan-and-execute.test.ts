import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlanError } from '../errors/plan-error.js';
import { scriptedModel } from '../test/scripted-model.js';
import { planAndExecute } from './plan-and-execute.js';
import type { PlanEvent } from './plan-event.js';

const tools = {
  query: tool({
    description: 'SQL',
    inputSchema: z.object({ sql: z.string() }),
    execute: async () => 'rundll32.exe read lsass.exe',
  }),
  lookup: tool({
    description: 'intel',
    inputSchema: z.object({ ip: z.string() }),
    execute: async () => 'malicious',
  }),
};
const json = (value: unknown) => ({ text: JSON.stringify(value) });
const plan = json({
  steps: [
    { id: 's1', goal: 'Find the process that read LSASS', tools: ['query'] },
    { id: 's2', goal: 'Find its parent', tools: ['query'] },
    { id: 's3', goal: 'Check the IP reputation', tools: ['lookup'] },
  ],
});
const noChange = { add: [], update: [], cancel: [], reason: 'r' };

describe('planAndExecute', () => {
  it('plans, executes with each step’s tools, reflects (add, update, cancel, conclude) and cites steps', async () => {
    const model = scriptedModel({
      replies: [
        plan,
        { toolCalls: [{ toolCallId: 'q1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'rundll32.exe (comsvcs.dll) read LSASS on MKT01' },
        json({
          action: 'continue',
          add: [{ id: 's4', goal: 'Find the logon session', tools: ['query'] }],
          update: [{ id: 's2', goal: 'Find the parent of rundll32.exe' }],
          cancel: ['s3'],
          reason: 'no IP involved',
        }),
        { text: 'parent: wmiprvse.exe' },
        json({ action: 'conclude', ...noChange }),
        { text: 'rundll32 dumped LSASS [s1], started by WMI [s2].' },
      ],
    });
    const events: PlanEvent[] = [];
    const run = await planAndExecute({
      model,
      tools,
      goal: 'What dumped LSASS on MKT01?',
      onEvent: (e) => events.push(e),
    });

    expect(run.status).toBe('concluded');
    expect(run.text).toBe('rundll32 dumped LSASS [s1], started by WMI [s2].');
    expect(events.map((e) => e.type)).toEqual([
      'plan-created',
      'step-start',
      'step-end',
      'reflection',
      'step-start',
      'step-end',
      'reflection',
      'answer',
    ]);
    expect(run.steps.map((s) => [s.id, s.status])).toEqual([
      ['s1', 'done'],
      ['s2', 'done'],
      ['s3', 'cancelled'],
      ['s4', 'pending'],
    ]);
    expect(run.steps[1]?.goal).toBe('Find the parent of rundll32.exe');
    expect(run.steps[0]).toMatchObject({
      finding: 'rundll32.exe (comsvcs.dll) read LSASS on MKT01',
      toolCalls: 1,
    });
    expect(run.toolCalls).toBe(1);
    const s1Call = model.doGenerateCalls[1];
    expect(s1Call?.tools?.map((t) => t.name)).toEqual(['query']);
    expect(JSON.stringify(model.doGenerateCalls[6]?.prompt)).toContain(
      '[s2] Find the parent of rundll32.exe: parent: wmiprvse.exe',
    );
  });

  it('repairs an invalid plan once, telling the model what was wrong', async () => {
    const model = scriptedModel({
      replies: [
        json({ steps: [{ id: 's1', goal: 'run it', tools: ['shell'] }] }),
        json({ steps: [{ id: 's1', goal: 'query it', tools: ['query'] }] }),
        { text: 'found' },
        json({ action: 'conclude', ...noChange }),
        { text: 'answer [s1]' },
      ],
    });
    const events: PlanEvent[] = [];
    const run = await planAndExecute({ model, tools, goal: 'g', onEvent: (e) => events.push(e) });
    expect(run.status).toBe('concluded');
    expect(events[0]).toEqual({
      type: 'plan-repaired',
      stage: 'plan',
      problems: ['step "s1" names tool "shell", which does not exist (tools: query, lookup)'],
    });
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('That plan is invalid');
  });

  it('reports a plan still invalid after the repair', async () => {
    const model = scriptedModel({ replies: [{ text: 'not json' }, json({ steps: [] })] });
    const failure = planAndExecute({ model, tools, goal: 'g' });
    await expect(failure).rejects.toSatisfy((error) => PlanError.isInstance(error) && error.stage === 'plan');
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('repairs an invalid reflection (a change to a step that is not pending)', async () => {
    const model = scriptedModel({
      replies: [
        json({
          steps: [
            { id: 's1', goal: 'a', tools: [] },
            { id: 's2', goal: 'b', tools: [] },
          ],
        }),
        { text: 'found a' },
        json({ action: 'continue', add: [], update: [], cancel: ['s1'], reason: 'r' }),
        json({ action: 'continue', add: [], update: [], cancel: ['s2'], reason: 'r' }),
        { text: 'final [s1]' },
      ],
    });
    const events: PlanEvent[] = [];
    const run = await planAndExecute({ model, tools, goal: 'g', onEvent: (e) => events.push(e) });
    expect(events.find((e) => e.type === 'plan-repaired')).toEqual({
      type: 'plan-repaired',
      stage: 'reflection',
      problems: ['cancel names step "s1", which is not pending'],
    });
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'cancelled']);
    expect(run.text).toBe('final [s1]');
  });

  it('ends with a handover note when the tool-call budget is spent', async () => {
    const model = scriptedModel({
      replies: [
        json({
          steps: [
            { id: 's1', goal: 'Find the process', tools: ['query'] },
            { id: 's2', goal: 'Find the parent', tools: ['query'] },
          ],
        }),
        { toolCalls: [{ toolCallId: 'q1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'rundll32.exe' },
        json({ action: 'continue', ...noChange }),
      ],
    });
    const run = await planAndExecute({ model, tools, goal: 'g', budget: { maxToolCalls: 1 } });
    expect(run.status).toBe('budget-spent');
    expect(run.text).toContain('Budget spent before the goal was concluded (1 of 1 tool calls made)');
    expect(run.text).toContain('[s1] Find the process: rundll32.exe');
    expect(run.text).toContain('Not done:\n- [s2] Find the parent');
    expect(model.doGenerateCalls).toHaveLength(4);
  });

  it('ends with a handover note when the wall time is spent', async () => {
    let clock = 0;
    const model = scriptedModel({
      replies: [
        json({
          steps: [
            { id: 's1', goal: 'a', tools: [] },
            { id: 's2', goal: 'b', tools: [] },
          ],
        }),
        { text: 'found a' },
        json({ action: 'continue', ...noChange }),
      ],
    });
    const run = await planAndExecute({
      model,
      tools,
      goal: 'g',
      budget: { maxWallTimeMs: 1000 },
      now: () => clock,
      onEvent: (event) => {
        if (event.type === 'step-end') clock = 5000;
      },
    });
    expect(run.status).toBe('budget-spent');
    expect(run.text).toContain('wall time of 1000 ms spent');
  });

  it('caps each step at its iteration limit and asks for the finding without tools', async () => {
    const call = { toolCalls: [{ toolCallId: 'q', toolName: 'query', input: { sql: 'SELECT 1' } }] };
    const model = scriptedModel({
      replies: [
        json({ steps: [{ id: 's1', goal: 'Find it', tools: ['query'] }] }),
        call,
        call,
        { text: 'partial: rundll32.exe' },
        json({ action: 'conclude', ...noChange }),
        { text: 'answer [s1]' },
      ],
    });
    const run = await planAndExecute({ model, tools, goal: 'g', stepMaxIterations: 2 });
    expect(run.steps[0]).toMatchObject({ finding: 'partial: rundll32.exe', toolCalls: 2 });
    expect(model.doGenerateCalls[3]?.toolChoice).toEqual({ type: 'none' });
    expect(run.text).toBe('answer [s1]');
  });
});
