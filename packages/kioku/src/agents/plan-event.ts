import type { Reflection } from './plan-schema.js';
import type { PlanStep } from './plan-step.js';

/** What plan & execute reports as it goes, in order. */
export type PlanEvent =
  | { type: 'plan-created'; steps: PlanStep[] }
  | { type: 'plan-repaired'; stage: 'plan' | 'reflection'; problems: string[] }
  | { type: 'step-start'; step: PlanStep }
  | { type: 'step-end'; step: PlanStep }
  | { type: 'reflection'; afterStep: string; reflection: Reflection }
  | { type: 'budget-spent'; reason: string }
  | { type: 'answer'; text: string };
