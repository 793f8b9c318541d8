import type { LanguageModelUsage } from 'ai';
import type { KiokuEvent, PlanEvent, SubAgentProgress } from 'kioku';

/** What a chat reports while a turn runs, in order; the CLI prints each as it comes. */
export type ChatEvent =
  /** A piece of the assistant's answer, as the model streams it. */
  | { type: 'text-delta'; text: string }
  /** The model called a tool (arguments summarized on one line). */
  | { type: 'tool-call'; toolName: string; toolCallId: string; arguments: string }
  /** A tool finished; `error` when it failed (the model sees the error and may retry). */
  | { type: 'tool-result'; toolName: string; toolCallId: string; error?: string }
  /** A sub-agent tool (`logs_run`) made progress: its own tool calls and steps, as they happen. */
  | { type: 'sub-agent'; toolCallId: string; progress: SubAgentProgress }
  /** kioku compacted the history, recovered from an overflow, or could not write the session. */
  | { type: 'kioku'; event: KiokuEvent }
  /** A plan & execute turn (`plan: true`) made its plan, ran a step or reflected. */
  | { type: 'plan'; event: PlanEvent }
  /** One model call of the turn ended. */
  | { type: 'step-end'; usage: LanguageModelUsage }
  /** A write tool's call waits for an analyst's approval (`approvalId` names it in the console and the CLI). */
  | {
      type: 'approval-requested';
      approvalId: string;
      toolName: string;
      toolCallId: string;
      arguments: string;
    }
  /** An analyst approved or rejected the call (or it expired); the agent is told the reason of a rejection. */
  | {
      type: 'approval-decided';
      approvalId: string;
      toolCallId: string;
      approved: boolean;
      by: string;
      reason?: string;
    }
  /** The conversation's budget was reached: the turn ends with a handover note. */
  | { type: 'budget-reached'; reason: string };
