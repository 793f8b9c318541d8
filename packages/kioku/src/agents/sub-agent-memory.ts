import type { ModelMessage } from 'ai';

/** What a memory offers a sub-agent run: text for its system prompt before, learning after. */
export interface SubAgentMemory {
  /**
   * Called before the run with the request: `prompt` is appended to the sub-agent's system prompt (e.g.
   * a "Past knowledge" block), `recalled` is handed back to `learn`.
   */
  recall(input: {
    request: string;
    abortSignal?: AbortSignal;
  }): Promise<{ prompt: string; recalled: unknown }>;
  /**
   * Called after the run with its whole conversation. Must not throw for what goes wrong while learning
   * (report it instead): a run never fails because its learning did.
   */
  learn(input: {
    request: string;
    messages: readonly ModelMessage[];
    recalled: unknown;
    abortSignal?: AbortSignal;
  }): Promise<void>;
}
