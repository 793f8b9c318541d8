const marker = Symbol.for('investigator.ChatBudgetError');

/** The conversation's budget is spent before a turn starts: raise it (`--max-cost`, `--max-input-tokens`) or resolve. */
export class ChatBudgetError extends Error {
  readonly [marker] = true;
  /** What was spent against which limit, e.g. `$0.5012 of $0.5 spent`. */
  readonly reason: string;

  constructor({ alertId, reason }: { alertId: string; reason: string }) {
    super(
      `the chat over alert ${alertId} has spent its budget (${reason}); raise the budget to go on, or resolve the alert`,
    );
    this.name = 'ChatBudgetError';
    this.reason = reason;
  }

  /** True for a `ChatBudgetError`, from any copy of this package. */
  static isInstance(error: unknown): error is ChatBudgetError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
