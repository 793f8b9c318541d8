import { generateText, isStepCount, type LanguageModel, streamText, ToolLoopAgent, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../test/scripted-model.js';
import type { AgentEvent } from './agent-event.js';
import { createParameterFiller } from './parameter-filler.js';
import { createToolGraph } from './tool-graph.js';
import type { ToolGraphDecision } from './tool-graph-decision.js';
import { type ToolGraphPrepareStepOptions, toolGraphPrepareStep } from './tool-graph-prepare-step.js';

const reservationOf = (user: string) => `R${user.length}${user.at(-1)?.toUpperCase()}Q`;
const run = (user: string, last: string): AgentEvent[] => [
  { kind: 'user', text: `Hi, I am ${user}, please help` },
  {
    kind: 'call',
    tool: 'get_user_details',
    input: { user_id: user },
    outcome: 'ok',
    output: JSON.stringify({ reservation: reservationOf(user) }),
  },
  { kind: 'call', tool: last, input: { reservation_id: reservationOf(user) }, outcome: 'ok', output: 'done' },
  { kind: 'reply' },
];
const users = Array.from({ length: 40 }, (_, index) => `user_${'abcdefghij'[index % 10]}x_${1000 + index}`);

function trained(lasts: (index: number) => string) {
  const graph = createToolGraph({ weights: { intent: 0 } });
  const filler = createParameterFiller();
  users.forEach((user, index) => {
    const events = run(user, lasts(index));
    graph.learnRun(events);
    events.forEach((event, position) => {
      if (event.kind === 'call') filler.learn(events.slice(0, position), event);
    });
  });
  return { graph, filler };
}

function agentTools() {
  const executed: Array<{ tool: string; input: unknown }> = [];
  const make = (name: string, output: (input: Record<string, string>) => string) =>
    tool({
      inputSchema: z.record(z.string(), z.string()),
      execute: async (input: Record<string, string>) => {
        executed.push({ tool: name, input });
        return output(input);
      },
    });
  const tools = {
    get_user_details: make('get_user_details', (input) =>
      JSON.stringify({ reservation: reservationOf(input.user_id ?? '') }),
    ),
    get_reservation_details: make('get_reservation_details', () => 'done'),
    cancel_reservation: make('cancel_reservation', () => 'done'),
    update_reservation: make('update_reservation', () => 'done'),
    send_email: make('send_email', () => 'sent'),
  };
  return { tools, executed };
}

const prompt = 'Hi, I am noah_brown_1234, please help';

/** One `generateText` loop (at most 5 steps) over the agent's tools, with the decisions it made. */
async function runLoop(model: LanguageModel, options: Omit<ToolGraphPrepareStepOptions, 'onDecision'>) {
  const { tools, executed } = agentTools();
  const decisions: ToolGraphDecision[] = [];
  const result = await generateText({
    model,
    tools,
    prompt,
    stopWhen: isStepCount(5),
    prepareStep: toolGraphPrepareStep({ ...options, onDecision: (decision) => decisions.push(decision) }),
  });
  return { result, decisions, executed, tools };
}

describe('toolGraphPrepareStep', () => {
  it('calls a predicted tool with filled arguments without calling the model, and says so in events and metadata', async () => {
    const { graph, filler } = trained(() => 'get_reservation_details');
    const model = scriptedModel({ replies: [{ text: 'Your reservation is fine.' }] });
    const { result, decisions, executed } = await runLoop(model, { graph, filler });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(executed).toEqual([
      { tool: 'get_user_details', input: { user_id: 'noah_brown_1234' } },
      { tool: 'get_reservation_details', input: { reservation_id: reservationOf('noah_brown_1234') } },
    ]);
    expect(result.text).toBe('Your reservation is fine.');
    expect(decisions.map((decision) => [decision.stepNumber, decision.decision])).toEqual([
      [0, 'bypass'],
      [1, 'bypass'],
      [2, 'none'],
    ]);
    const first = decisions[0];
    expect(first?.probability).toBeGreaterThanOrEqual(first?.theta ?? 1);
    expect(result.steps[0]?.providerMetadata?.kioku).toMatchObject({
      predicted: true,
      tool: 'get_user_details',
      probability: first?.probability,
    });
    expect(result.steps[0]?.usage.inputTokens).toBe(0);
    expect(result.steps[2]?.providerMetadata?.kioku).toBeUndefined();
  });

  it('answers a streamed step the same way', async () => {
    const { graph, filler } = trained(() => 'get_reservation_details');
    const { tools, executed } = agentTools();
    const model = scriptedModel({ replies: [{ text: 'ok' }] });
    const result = streamText({
      model,
      tools,
      prompt,
      stopWhen: isStepCount(5),
      prepareStep: toolGraphPrepareStep({ graph, filler }),
    });
    expect(await result.text).toBe('ok');
    expect(model.doStreamCalls).toHaveLength(1);
    expect(executed.map((call) => call.tool)).toEqual(['get_user_details', 'get_reservation_details']);
  });

  it('works as a ToolLoopAgent’s prepareStep', async () => {
    const { graph, filler } = trained(() => 'get_reservation_details');
    const { tools, executed } = agentTools();
    const model = scriptedModel({ replies: [{ text: 'All good.' }] });
    const agent = new ToolLoopAgent({
      model,
      tools,
      stopWhen: isStepCount(5),
      prepareStep: toolGraphPrepareStep({ graph, filler }),
    });
    expect((await agent.generate({ prompt })).text).toBe('All good.');
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(executed).toHaveLength(2);
  });

  it('narrows the model’s tools when it is not confident, and leaves it free when it knows nothing', async () => {
    const { graph, filler } = trained((index) =>
      index % 2 === 0 ? 'cancel_reservation' : 'update_reservation',
    );
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'c1', toolName: 'cancel_reservation', input: { reservation_id: 'X' } }] },
        { text: 'Cancelled.' },
      ],
    });
    const { decisions, tools } = await runLoop(model, { graph, filler });
    expect(decisions.slice(0, 2)).toMatchObject([
      { decision: 'bypass', tool: 'get_user_details' },
      { decision: 'narrow', reason: 'below-theta' },
    ]);
    const narrowed = decisions[1];
    expect(narrowed?.decision === 'narrow' && [...narrowed.tools].sort()).toEqual([
      'cancel_reservation',
      'update_reservation',
    ]);
    expect(narrowed?.probability).toBeLessThan(0.6);
    const offered = model.doGenerateCalls[0]?.tools?.map((definition) => definition.name).sort();
    expect(offered).toEqual(['cancel_reservation', 'update_reservation']);

    const free = scriptedModel({ replies: [{ text: 'hello' }] });
    const empty = (await runLoop(free, { graph: createToolGraph() })).decisions;
    expect(empty).toEqual([
      { type: 'tool-graph-decision', decision: 'none', stepNumber: 0, probability: 0, theta: 0.99 },
    ]);
    expect(free.doGenerateCalls[0]?.tools).toHaveLength(Object.keys(tools).length);
  });

  it('never bypasses a tool with side effects unless it is allowed', async () => {
    const { graph, filler } = trained(() => 'cancel_reservation');
    const scripted = () =>
      scriptedModel({
        replies: [
          {
            toolCalls: [{ toolCallId: 'm1', toolName: 'cancel_reservation', input: { reservation_id: 'Y' } }],
          },
          { text: 'Done.' },
        ],
      });
    const model = scripted();
    const { decisions, executed } = await runLoop(model, {
      graph,
      filler,
      sideEffects: (name) => name.startsWith('cancel_'),
    });
    expect(decisions[1]).toMatchObject({
      decision: 'narrow',
      tools: ['cancel_reservation'],
      reason: 'side-effects',
    });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(executed.at(-1)).toEqual({ tool: 'cancel_reservation', input: { reservation_id: 'Y' } });

    const allowed = scriptedModel({ replies: [{ text: 'Done.' }] });
    const second = await runLoop(allowed, {
      graph,
      filler,
      sideEffects: ['cancel_reservation'],
      allowBypassOf: ['cancel_reservation'],
    });
    expect(allowed.doGenerateCalls).toHaveLength(1);
    expect(second.executed.at(-1)).toEqual({
      tool: 'cancel_reservation',
      input: { reservation_id: reservationOf('noah_brown_1234') },
    });
  });

  it('learns the steps the model took, not the predicted ones, when asked to', async () => {
    const graph = createToolGraph();
    const model = scriptedModel({
      replies: [
        {
          toolCalls: [
            { toolCallId: 'a', toolName: 'get_user_details', input: { user_id: 'noah_brown_1234' } },
          ],
        },
        { toolCalls: [{ toolCallId: 'b', toolName: 'send_email', input: { to: 'noah' } }] },
        { text: 'Sent.' },
      ],
    });
    await runLoop(model, { graph, learn: true });
    expect(graph.observations).toBe(2);
    expect(
      graph.predict([
        { kind: 'user', text: 'x' },
        { kind: 'call', tool: 'get_user_details', input: {}, outcome: 'ok' },
      ]).ranked[0]?.action,
    ).toBe('send_email');

    const { graph: confident, filler } = trained(() => 'get_reservation_details');
    const before = confident.observations;
    await runLoop(scriptedModel({ replies: [{ text: 'fine' }] }), { graph: confident, filler, learn: true });
    expect(confident.observations).toBe(before);
  });
});
