import { KiokuError } from 'kioku';
import type { QueryEstimate } from './log-engine.js';

/** Why a log query did not return rows. */
export type LogQueryRefusal =
  | 'not-read-only'
  | 'multiple-statements'
  | 'over-budget'
  | 'timeout'
  /** The DuckDB query process stopped (killed past its memory cap, or an abort inside DuckDB). */
  | 'crashed'
  | 'unknown-result'
  | 'invalid-page'
  | 'failed';

/**
 * A log query was refused by a guardrail, or failed in the engine. The message says what was wrong and
 * what to do instead, and never contains anything but the engine's own error text and the model's SQL,
 * so it is safe to return to the model as a tool error.
 */
export class LogQueryError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('investigator.error.log-query');
  /** Which guardrail refused the query, or `failed` for an engine error. */
  readonly reason: LogQueryRefusal;
  /** The dry run's estimate, for `over-budget`. */
  readonly estimate?: QueryEstimate;

  constructor({
    reason,
    message,
    estimate,
    cause,
  }: { reason: LogQueryRefusal; message: string; estimate?: QueryEstimate; cause?: unknown }) {
    super({ name: 'LogQueryError', message, cause });
    this.reason = reason;
    if (estimate !== undefined) this.estimate = estimate;
  }
}
