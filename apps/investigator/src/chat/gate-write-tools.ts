import type { Tool, ToolSet } from 'ai';
import { toolAccess } from '../approvals/tool-access.js';
import type { ChatEvent } from './chat-event.js';
import type { ToolApprover } from './tool-approver.js';

/**
 * The tools of a planned turn (kioku's `planAndExecute` runs them itself, outside the AI SDK's approval
 * flow) with every write tool's `execute` asking `approve` first: approved, the tool runs; rejected, it
 * returns the rejection and its reason as its output (what the step's model then sees); without an
 * approver, a write tool never runs.
 */
export function gateWriteTools({
  tools,
  approve,
  emit,
  abortSignal,
}: {
  tools: ToolSet;
  approve: ToolApprover | undefined;
  emit: (event: ChatEvent) => void;
  abortSignal: AbortSignal | undefined;
}): ToolSet {
  const gated: ToolSet = {};
  for (const [toolName, tool] of Object.entries(tools) as [string, Tool][]) {
    const execute = tool.execute;
    if (toolAccess(tool) !== 'write' || execute === undefined) {
      gated[toolName] = tool;
      continue;
    }
    gated[toolName] = {
      ...tool,
      execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
        if (approve === undefined) return { denied: 'write tools need an approver, and this chat has none' };
        const arguments_ = JSON.stringify(input) ?? '';
        const decision = await approve(
          { toolName, toolCallId: options.toolCallId, input },
          {
            announce: (approvalId) =>
              emit({
                type: 'approval-requested',
                approvalId,
                toolName,
                toolCallId: options.toolCallId,
                arguments: arguments_,
              }),
            abortSignal,
          },
        );
        emit({
          type: 'approval-decided',
          approvalId: decision.approvalId,
          toolCallId: options.toolCallId,
          approved: decision.approved,
          by: decision.by,
          ...(decision.reason === undefined ? {} : { reason: decision.reason }),
        });
        if (!decision.approved)
          return { denied: `rejected by ${decision.by}: ${decision.reason ?? 'no reason given'}` };
        return execute(input, options);
      },
    } as Tool;
  }
  return gated;
}
