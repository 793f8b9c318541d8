import type { LanguageModelUsage } from 'ai';

/**
 * What a sub-agent reports while it runs, in order: `sub-agent-start`, then for each step its tool calls
 * (`tool-call-start`, `tool-call-end` with duration and error) and `step-end`, then `sub-agent-end`.
 */
export type SubAgentProgress =
  | { type: 'sub-agent-start'; agent: string; request: string }
  | {
      type: 'tool-call-start';
      agent: string;
      step: number;
      toolCallId: string;
      toolName: string;
      arguments: string;
    }
  | {
      type: 'tool-call-end';
      agent: string;
      step: number;
      toolCallId: string;
      toolName: string;
      arguments: string;
      durationMs: number;
      /** The tool's error message, when it failed (the sub-agent's model sees it and may retry). */
      error?: string;
    }
  | { type: 'step-end'; agent: string; step: number; usage: LanguageModelUsage }
  | { type: 'sub-agent-end'; agent: string; steps: number; stepCapReached: boolean };
