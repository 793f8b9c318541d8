/** What the managed prompt of one call hid from the agent of what it went on to use. */
export interface CallFidelity {
  /**
   * Distinct facts of the agent's answer (its reasoning, text and tool-call arguments) that the unmanaged
   * prompt held only in tool outputs and the agent's own earlier messages (its earlier tool inputs and
   * text), a fact contained in another one counted once (with it): what a strategy can take away.
   */
  facts: number;
  /** Those of them the managed prompt no longer contains, as written in the answer: the headline. */
  hidden: string[];
  /** As `facts`, of those tool outputs alone held (not the agent's own earlier messages). */
  outputFacts: number;
  /** Those of them the managed prompt no longer contains. */
  hiddenOutputFacts: string[];
  /** Each tool call of the answer: its tool and whether its arguments carry a hidden fact (of `hidden`). */
  toolCalls: { toolName: string; hiddenInArguments: boolean }[];
}
