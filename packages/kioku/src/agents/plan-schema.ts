import { z } from 'zod';

// Each schema is built on first use (`z.lazy`): building zod schemas is work `import('kioku')` should not
// pay for. A model is sent the same JSON schema as without the wrapper.

/** One step of a plan as the model writes it. */
export const plannedStepSchema = z.lazy(() =>
  z.object({
    id: z.string().min(1).describe('Short unique id, e.g. "s1"'),
    goal: z.string().min(1).describe('What this step must find out or do'),
    tools: z.array(z.string()).describe('Names of the tools this step may use'),
  }),
);

/** A plan: the steps towards the goal, in order. */
export const planSchema = z.lazy(() =>
  z.object({
    steps: z.array(plannedStepSchema.unwrap()).min(1),
  }),
);

/** What the model decides after each executed step. */
export const reflectionSchema = z.lazy(() =>
  z.object({
    action: z.enum(['continue', 'conclude']).describe('"conclude" when the goal is answered'),
    add: z.array(plannedStepSchema.unwrap()).describe('New steps, appended to the plan'),
    update: z
      .array(z.object({ id: z.string(), goal: z.string().optional(), tools: z.array(z.string()).optional() }))
      .describe('Changes to pending steps'),
    cancel: z.array(z.string()).describe('Ids of pending steps no longer needed'),
    reason: z.string().describe('Why, in one sentence'),
  }),
);

/** One step of a plan as the planner wrote it: an id, its goal, and the tools it may use. */
export type PlannedStep = z.infer<typeof plannedStepSchema>;
/** A plan as the planner returned it: its steps, in order. */
export type Plan = z.infer<typeof planSchema>;
/** What the planner decided after a step: continue or conclude, steps to add, change or cancel, and why. */
export type Reflection = z.infer<typeof reflectionSchema>;
