import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * A strategy threw while a transcript was replayed through it (a summarizer that failed, answered
 * nothing or garbage): says which strategy, which transcript and which call; `cause` is what it threw.
 * The replay stops rather than measure a strategy that did not run.
 */
export class ReplayStrategyError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.replay-strategy');
  /** The strategy's name. */
  readonly strategy: string;
  /** The transcript's file and id. */
  readonly transcript: { file: string; id: string };
  /** The replayed call the strategy failed before, from 1. */
  readonly call: number;

  constructor({
    strategy,
    transcript,
    call,
    calls,
    cause,
  }: {
    strategy: string;
    transcript: { file: string; id: string };
    call: number;
    /** How many calls the transcript has. */
    calls: number;
    cause: unknown;
  }) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super({
      name: 'ReplayStrategyError',
      message: `strategy ${strategy} failed at call ${call} of ${calls} replaying ${transcript.file} (${transcript.id}): ${reason}`,
      cause,
    });
    this.strategy = strategy;
    this.transcript = transcript;
    this.call = call;
  }
}
