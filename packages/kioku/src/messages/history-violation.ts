/** The kinds of problem `validateHistory` reports; each is one a provider rejects a request for. */
export type HistoryViolationKind =
  | 'tool-result-without-call'
  | 'tool-call-without-result'
  | 'duplicate-tool-call-id'
  | 'system-after-start'
  | 'empty-message'
  | 'first-message-not-user'
  | 'tool-message-out-of-place'
  | 'tool-part-in-wrong-role'
  | 'observation-out-of-place';

/** One problem in a history: what, at which message, and a sentence saying it. */
export interface HistoryViolation {
  kind: HistoryViolationKind;
  /** Index of the offending message. */
  index: number;
  message: string;
  toolCallId?: string;
}
