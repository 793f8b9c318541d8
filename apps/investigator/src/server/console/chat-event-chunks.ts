import type { UIMessageChunk } from 'ai';
import type { ChatEvent } from '../../chat/chat-event.js';
import { formatChatEvent } from '../../chat/format-chat-event.js';

/** What a tool call looks like in the console: its name, arguments and state, updated in place by id. */
export interface ToolActivity {
  toolName: string;
  arguments: string;
  state: 'running' | 'done' | 'failed';
  error?: string;
}

/** One line of progress: a sub-agent's step, a plan step, a compaction, a budget. */
export interface ProgressLine {
  kind: 'sub-agent' | 'plan' | 'kioku' | 'budget';
  text: string;
  /** The tool call a sub-agent line belongs to. */
  toolCallId?: string;
}

/** A write tool's call waiting for (or decided by) an analyst, updated in place by approval id. */
export interface ApprovalActivity {
  approvalId: string;
  toolName: string;
  arguments: string;
  state: 'pending' | 'approved' | 'rejected';
  by?: string;
  reason?: string;
}

/** The chunks of a turn's events, in order. */
export interface ChatEventChunks {
  chunks(event: ChatEvent): UIMessageChunk[];
  /** Ends the open text part, if any: call it when the turn ends. */
  end(): UIMessageChunk[];
}

/**
 * Turns the chat's events into AI SDK UI message chunks for `useChat`: the answer as text parts (a new
 * part after each tool call, so text and activity stay in order), tool calls as `data-tool` parts updated
 * in place, write tools' approvals as `data-approval` parts (pending, then decided), and sub-agent steps,
 * plan steps and compactions as `data-progress` lines.
 *
 * @example
 * const stream = chatEventChunks();
 * onEvent: (event) => { for (const chunk of stream.chunks(event)) writer.write(chunk); }
 */
export function chatEventChunks(): ChatEventChunks {
  let textId: string | undefined;
  let parts = 0;
  const tools = new Map<string, ToolActivity>();
  const approvals = new Map<string, ApprovalActivity>();
  const closeText = (): UIMessageChunk[] => {
    if (textId === undefined) return [];
    const id = textId;
    textId = undefined;
    return [{ type: 'text-end', id }];
  };
  const chunks = (event: ChatEvent): UIMessageChunk[] => {
    if (event.type === 'text-delta') {
      if (event.text === '') return [];
      const chunks: UIMessageChunk[] = [];
      if (textId === undefined) {
        parts += 1;
        textId = `text-${parts}`;
        chunks.push({ type: 'text-start', id: textId });
      }
      chunks.push({ type: 'text-delta', id: textId, delta: event.text });
      return chunks;
    }
    if (event.type === 'step-end') return [];
    if (event.type === 'tool-call' || event.type === 'tool-result') {
      const before = tools.get(event.toolCallId);
      const activity: ToolActivity =
        event.type === 'tool-call'
          ? { toolName: event.toolName, arguments: event.arguments, state: 'running' }
          : {
              toolName: event.toolName,
              arguments: before?.arguments ?? '',
              state: event.error === undefined ? 'done' : 'failed',
              ...(event.error === undefined ? {} : { error: event.error }),
            };
      tools.set(event.toolCallId, activity);
      return [...closeText(), { type: 'data-tool', id: event.toolCallId, data: activity }];
    }
    if (event.type === 'approval-requested') {
      const activity: ApprovalActivity = {
        approvalId: event.approvalId,
        toolName: event.toolName,
        arguments: event.arguments,
        state: 'pending',
      };
      approvals.set(event.approvalId, activity);
      return [...closeText(), { type: 'data-approval', id: event.approvalId, data: activity }];
    }
    if (event.type === 'approval-decided') {
      const before = approvals.get(event.approvalId);
      const activity: ApprovalActivity = {
        approvalId: event.approvalId,
        toolName: before?.toolName ?? '',
        arguments: before?.arguments ?? '',
        state: event.approved ? 'approved' : 'rejected',
        by: event.by,
        ...(event.reason === undefined ? {} : { reason: event.reason }),
      };
      return [...closeText(), { type: 'data-approval', id: event.approvalId, data: activity }];
    }
    const text = formatChatEvent(event);
    if (text === undefined) return [];
    parts += 1;
    const line: ProgressLine = {
      kind: event.type === 'budget-reached' ? 'budget' : event.type,
      text: text.trim(),
      ...(event.type === 'sub-agent' ? { toolCallId: event.toolCallId } : {}),
    };
    return [...closeText(), { type: 'data-progress', id: `progress-${parts}`, data: line }];
  };
  return { chunks, end: closeText };
}
