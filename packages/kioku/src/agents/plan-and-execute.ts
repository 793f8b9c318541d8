import {
  generateText,
  isStepCount,
  type LanguageModel,
  type LanguageModelUsage,
  type StopCondition,
  type ToolSet,
} from 'ai';
import { checkPlanChanges } from './check-plan-changes.js';
import type { PlanEvent } from './plan-event.js';
import { planSchema, reflectionSchema } from './plan-schema.js';
import type { PlanStep } from './plan-step.js';
import { structuredCall } from './structured-call.js';
import { sumUsage } from './sum-usage.js';

/** Limits of one plan & execute run; when one is reached the run ends with a handover note. */
export interface PlanBudget {
  /** Plan steps executed; default 8. */
  maxSteps?: number;
  /** Tool calls over all steps; default 40. */
  maxToolCalls?: number;
  /** Wall time from the start, in milliseconds; default 10 minutes. */
  maxWallTimeMs?: number;
}

/** Options of {@link planAndExecute}. */
export interface PlanAndExecuteOptions {
  model: LanguageModel;
  tools: ToolSet;
  /** What to find out or do. */
  goal: string;
  /** Context for every call (the agent's role, the alert, the tool sections). */
  system?: string;
  budget?: PlanBudget;
  /** Iterations of each step's tool loop; default 8. */
  stepMaxIterations?: number;
  onEvent?: (event: PlanEvent) => void;
  abortSignal?: AbortSignal;
  /** The clock, for the wall-time budget; default `Date.now`. */
  now?: () => number;
}

/** What a plan & execute run produced. */
export interface PlanRunResult {
  /** The final answer citing the steps (`[s1]`), or the handover note when the budget was spent. */
  text: string;
  status: 'concluded' | 'budget-spent';
  steps: PlanStep[];
  events: PlanEvent[];
  usage: LanguageModelUsage;
  toolCalls: number;
}

/**
 * Plan & execute with reflection: the model writes a plan (steps, each with its goal and the tools it may
 * use; structured output, repaired once), each step runs as a tool loop capped at `stepMaxIterations`
 * with only its tools, and after each step a reflection may add, update or cancel steps, or conclude. The
 * final answer cites what each step found. When the budget (steps, tool calls, wall time) is spent, the
 * result is a handover note of what was found and what was not done.
 *
 * @example
 * const run = await planAndExecute({ model, tools, goal: 'Was the LSASS access on MKT01 malicious?', budget: { maxToolCalls: 20 } });
 * console.log(run.text);
 */
export async function planAndExecute({
  model,
  tools,
  goal,
  system = '',
  budget = {},
  stepMaxIterations = 8,
  onEvent,
  abortSignal,
  now = Date.now,
}: PlanAndExecuteOptions): Promise<PlanRunResult> {
  const { maxSteps = 8, maxToolCalls = 40, maxWallTimeMs = 600_000 } = budget;
  const deadline = now() + maxWallTimeMs;
  const toolNames = Object.keys(tools);
  const events: PlanEvent[] = [];
  const usages: LanguageModelUsage[] = [];
  const emit = (event: PlanEvent) => {
    events.push(event);
    onEvent?.(event);
  };
  const signal = abortSignal === undefined ? {} : { abortSignal };
  let toolCalls = 0;
  let executed = 0;
  const steps: PlanStep[] = [];

  const planned = await structuredCall({
    model,
    system: plannerSystem(system, toolNames),
    prompt: `Goal: ${goal}\n\nWrite a plan: a few steps, each with an id, its goal and the tools it may use.`,
    schema: planSchema,
    check: (plan) => checkPlanChanges({ steps: [], added: plan.steps, toolNames }),
    stage: 'plan',
    ...signal,
  });
  usages.push(...planned.usage);
  if (planned.repaired !== undefined)
    emit({ type: 'plan-repaired', stage: 'plan', problems: planned.repaired });
  steps.push(...planned.value.steps.map((step): PlanStep => ({ ...step, status: 'pending' })));
  emit({ type: 'plan-created', steps: steps.map((step) => ({ ...step })) });

  const spent = (): string | undefined => {
    if (executed >= maxSteps) return `${executed} of ${maxSteps} steps executed`;
    if (toolCalls >= maxToolCalls) return `${toolCalls} of ${maxToolCalls} tool calls made`;
    if (now() >= deadline) return `wall time of ${maxWallTimeMs} ms spent`;
    return undefined;
  };
  const outOfBudget: StopCondition<ToolSet> = () => toolCalls >= maxToolCalls || now() >= deadline;

  let concluded = false;
  while (!concluded) {
    const step = steps.find((candidate) => candidate.status === 'pending');
    if (step === undefined) break;
    const reason = spent();
    if (reason !== undefined) return finish({ budgetReason: reason });

    emit({ type: 'step-start', step: { ...step } });
    const before = toolCalls;
    const result = await generateText({
      model,
      system: stepSystem({ system, goal, step, steps }),
      prompt: step.goal,
      tools,
      activeTools: step.tools.filter((name) => toolNames.includes(name)),
      stopWhen: [isStepCount(stepMaxIterations), outOfBudget],
      onToolExecutionStart: () => {
        toolCalls += 1;
      },
      ...signal,
    });
    usages.push(result.totalUsage);
    let finding = result.text.trim();
    if (result.finishReason === 'tool-calls') {
      // Cut by the iteration cap or the budget before it wrote a finding: one call without tools for it.
      const wrapUp = await generateText({
        model,
        system: stepSystem({ system, goal, step, steps }),
        messages: [
          { role: 'user', content: step.goal },
          ...result.responseMessages,
          {
            role: 'user',
            content: 'Stop here and write what this step found so far, with the exact values.',
          },
        ],
        tools,
        toolChoice: 'none',
        ...signal,
      });
      usages.push(wrapUp.totalUsage);
      finding = wrapUp.text.trim();
    }
    executed += 1;
    step.status = 'done';
    step.finding = finding === '' ? '(the step ended without a finding)' : finding;
    step.toolCalls = toolCalls - before;
    emit({ type: 'step-end', step: { ...step } });

    if (!steps.some((candidate) => candidate.status === 'pending') && spent() !== undefined) break;
    const reflected = await structuredCall({
      model,
      system: plannerSystem(system, toolNames),
      prompt: reflectionPrompt({ goal, steps, last: step }),
      schema: reflectionSchema,
      check: (reflection) => checkPlanChanges({ steps, added: reflection.add, reflection, toolNames }),
      stage: 'reflection',
      ...signal,
    });
    usages.push(...reflected.usage);
    if (reflected.repaired !== undefined) {
      emit({ type: 'plan-repaired', stage: 'reflection', problems: reflected.repaired });
    }
    const reflection = reflected.value;
    for (const change of reflection.update) {
      const target = steps.find((candidate) => candidate.id === change.id);
      if (target === undefined) continue;
      if (change.goal !== undefined) target.goal = change.goal;
      if (change.tools !== undefined) target.tools = change.tools;
    }
    for (const id of reflection.cancel) {
      const target = steps.find((candidate) => candidate.id === id);
      if (target !== undefined) target.status = 'cancelled';
    }
    steps.push(...reflection.add.map((added): PlanStep => ({ ...added, status: 'pending' })));
    emit({ type: 'reflection', afterStep: step.id, reflection });
    concluded = reflection.action === 'conclude';
  }
  if (!concluded && steps.some((step) => step.status === 'pending')) {
    return finish({ budgetReason: spent() ?? 'the budget was spent' });
  }

  const answer = await generateText({
    model,
    system,
    prompt: answerPrompt({ goal, steps }),
    ...signal,
  });
  usages.push(answer.totalUsage);
  return finish({ text: answer.text });

  function finish({ text, budgetReason }: { text?: string; budgetReason?: string }): PlanRunResult {
    if (budgetReason !== undefined) emit({ type: 'budget-spent', reason: budgetReason });
    const final = text ?? handover({ reason: budgetReason ?? '', steps });
    emit({ type: 'answer', text: final });
    return {
      text: final,
      status: budgetReason === undefined ? 'concluded' : 'budget-spent',
      steps: steps.map((step) => ({ ...step })),
      events,
      usage: sumUsage(usages),
      toolCalls,
    };
  }
}

function plannerSystem(system: string, toolNames: readonly string[]): string {
  return [
    system,
    'You plan an investigation as a few concrete steps and revise the plan as findings come in.',
    `Tools that exist: ${toolNames.length === 0 ? 'none' : toolNames.join(', ')}. A step may name only these.`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

function findingsOf(steps: readonly PlanStep[]): string {
  const done = steps.filter((step) => step.status === 'done');
  return done.length === 0
    ? '(none yet)'
    : done.map((step) => `- [${step.id}] ${step.goal}: ${step.finding}`).join('\n');
}

function stepSystem({
  system,
  goal,
  step,
  steps,
}: {
  system: string;
  goal: string;
  step: PlanStep;
  steps: readonly PlanStep[];
}): string {
  return [
    system,
    `You carry out one step of a plan. Overall goal: ${goal}`,
    `This step (${step.id}): ${step.goal}`,
    `Findings so far:\n${findingsOf(steps)}`,
    'When done, answer with what this step found, with the exact values (names, ids, counts, times).',
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

function reflectionPrompt({
  goal,
  steps,
  last,
}: {
  goal: string;
  steps: readonly PlanStep[];
  last: PlanStep;
}): string {
  const plan = steps.map(
    (step) => `- [${step.id}] (${step.status}) ${step.goal} — tools: ${step.tools.join(', ') || 'none'}`,
  );
  return [
    `Goal: ${goal}`,
    `Plan:\n${plan.join('\n')}`,
    `Step ${last.id} just found: ${last.finding}`,
    `Findings so far:\n${findingsOf(steps)}`,
    'Reflect: conclude if the goal is answered; otherwise continue, adding, updating or cancelling pending steps as the findings require.',
  ].join('\n\n');
}

function answerPrompt({ goal, steps }: { goal: string; steps: readonly PlanStep[] }): string {
  return [
    `Goal: ${goal}`,
    `Findings by step:\n${findingsOf(steps)}`,
    'Write the final answer. Support each statement with the id of the step that found it, in brackets, e.g. [s1]. Say what remains uncertain.',
  ].join('\n\n');
}

function handover({ reason, steps }: { reason: string; steps: readonly PlanStep[] }): string {
  const pending = steps.filter((step) => step.status === 'pending');
  return [
    `Budget spent before the goal was concluded (${reason}). Handover note:`,
    `Found:\n${findingsOf(steps)}`,
    `Not done:\n${pending.length === 0 ? '(nothing pending)' : pending.map((step) => `- [${step.id}] ${step.goal}`).join('\n')}`,
  ].join('\n\n');
}
