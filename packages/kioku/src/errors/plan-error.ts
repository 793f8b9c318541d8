import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.plan');

/**
 * The model's plan or reflection was invalid after one repair attempt (not the schema's shape, unknown
 * tools, repeated ids, changes to steps that are not pending). `problems` lists what was wrong.
 */
export class PlanError extends KiokuError {
  readonly [symbol] = true;
  readonly stage: 'plan' | 'reflection';
  readonly problems: readonly string[];

  constructor({
    stage,
    problems,
    cause,
  }: { stage: 'plan' | 'reflection'; problems: readonly string[]; cause?: unknown }) {
    super({
      name: 'PlanError',
      message: `the model's ${stage} was invalid after one repair: ${problems.join('; ')}`,
      cause,
    });
    this.stage = stage;
    this.problems = problems;
  }

  static override isInstance(error: unknown): error is PlanError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
