import { ConfigurationError } from 'kioku';

/** Cause: the conversation's budget is spent before a turn starts. Raise the budget to go on, or resolve. */
export class ChatBudgetError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.chat-budget');
  /** What was spent against which limit, e.g. `$0.5012 of $0.5 spent`. */
  readonly reason: string;

  constructor({ alertId, reason }: { alertId: string; reason: string }) {
    super({
      name: 'ChatBudgetError',
      message: `the chat over alert ${alertId} has spent its budget (${reason}); raise --max-cost or --max-input-tokens to go on, or resolve the alert`,
    });
    this.reason = reason;
  }
}
