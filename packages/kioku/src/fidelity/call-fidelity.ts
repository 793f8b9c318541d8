/** What the managed prompt of one call hid from the agent of what it went on to use. */
export interface CallFidelity {
  /**
   * Distinct facts of the agent's answer at this call that the unmanaged prompt held only inside tool
   * outputs, a fact contained in another one counted once (with it).
   */
  facts: number;
  /** Those of them the managed prompt no longer contains, as written in the answer. */
  hidden: string[];
  /** Each tool call of the answer: its tool and whether its arguments carry a hidden fact. */
  toolCalls: { toolName: string; hiddenInArguments: boolean }[];
}
