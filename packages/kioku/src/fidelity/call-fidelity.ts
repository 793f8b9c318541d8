/** What the managed prompt of one call hid from the agent of what it went on to use. */
export interface CallFidelity {
  /**
   * Distinct facts of the agent's answer at this call that the unmanaged prompt held only inside tool
   * outputs, a fact contained in another one counted once (with it).
   */
  facts: number;
  /** Those of them the managed prompt no longer contains, as written in the answer. */
  hidden: string[];
  /**
   * As `facts`, counting also the facts the agent's own earlier messages held (its earlier tool inputs,
   * which tool-input clearing cuts, and its text): held nowhere but there and in tool outputs.
   */
  factsIncludingOwn: number;
  /** Those of them the managed prompt no longer contains. */
  hiddenIncludingOwn: string[];
  /** Each tool call of the answer: its tool and whether its arguments carry a hidden fact (of `hidden`). */
  toolCalls: { toolName: string; hiddenInArguments: boolean }[];
}
