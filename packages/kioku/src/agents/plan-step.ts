import type { PlannedStep } from './plan-schema.js';

/** A plan step as the run tracks it. */
export interface PlanStep extends PlannedStep {
  status: 'pending' | 'done' | 'cancelled';
  /** What the step's tool loop answered. */
  finding?: string;
  /** Tool calls the step made. */
  toolCalls?: number;
}
