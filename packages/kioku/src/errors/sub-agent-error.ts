import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.sub-agent');

/**
 * A sub-agent could not run: its model or provider failed (the cause says how). Thrown from the
 * sub-agent tool's `execute`, so the parent's model receives it as a tool error with this message; the
 * sub-agent's own tool failures never get here (they go back to the sub-agent's model).
 */
export class SubAgentError extends KiokuError {
  readonly [symbol] = true;
  /** The sub-agent's tool name. */
  readonly agent: string;
  /** Steps it completed before failing. */
  readonly completedSteps: number;

  constructor({ agent, completedSteps, cause }: { agent: string; completedSteps: number; cause: unknown }) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super({
      name: 'SubAgentError',
      message: `sub-agent "${agent}" failed after ${completedSteps} step(s): ${reason}`,
      cause,
    });
    this.agent = agent;
    this.completedSteps = completedSteps;
  }

  static override isInstance(error: unknown): error is SubAgentError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
