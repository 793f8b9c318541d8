import {
  isStepCount,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  streamText,
  type ToolContent,
  type ToolSet,
} from 'ai';
import type { SubAgentOutput } from 'kioku';
import { toolAccess } from '../approvals/tool-access.js';
import type { ChatEvent } from './chat-event.js';
import type { ApprovalRequest, ToolApprover } from './tool-approver.js';

/** Options of {@link createToolLoop}. */
export interface ToolLoopOptions {
  /** The chat's model, wrapped in kioku's middleware. */
  model: LanguageModel;
  tools: ToolSet;
  conversationId: string;
  maxStepsPerTurn: number;
  emit: (event: ChatEvent) => void;
  /** Why the conversation's budget is reached after these model calls of the turn, or `undefined`. */
  overBudget: (mainUsages: readonly LanguageModelUsage[], ledgerFrom: number) => string | undefined;
  /** Decides write tools' calls; without it they are denied. */
  approve?: ToolApprover;
}

/** What one turn's tool loop produced. */
export interface ToolLoopResult {
  responseMessages: ModelMessage[];
  finishReason: Awaited<ReturnType<typeof streamText>['finishReason']>;
  steps: number;
  mainUsages: LanguageModelUsage[];
  budgetReason: string | undefined;
}

/**
 * A chat turn's tool loop (`streamText` with the chat's tools), as a function of the history: model calls
 * until an answer, the step cap or the budget, each part reported through `emit`; a write tool's call
 * goes through the AI SDK's tool-approval flow (`toolApproval` → `user-approval`), is decided by
 * `approve`, and the decision is added as a `tool-approval-response` message before the loop goes on (an
 * approved call runs, a rejected one reaches the model as denied, with the reason).
 */
export function createToolLoop({
  model,
  tools,
  conversationId,
  maxStepsPerTurn,
  emit,
  overBudget,
  approve,
}: ToolLoopOptions): (
  history: readonly ModelMessage[],
  abortSignal: AbortSignal | undefined,
  ledgerFrom: number,
) => Promise<ToolLoopResult> {
  /** One streamText call over the history and this turn's messages so far; its approval requests. */
  async function streamStep(
    messages: ModelMessage[],
    stepsLeft: number,
    abortSignal: AbortSignal | undefined,
    mainUsages: LanguageModelUsage[],
    ledgerFrom: number,
  ) {
    let budgetReason: string | undefined;
    const requests: { approvalId: string; toolCall: ApprovalRequest }[] = [];
    const result = streamText({
      model,
      messages,
      allowSystemInMessages: true,
      tools,
      // A write tool's call pauses the turn for an analyst (the AI SDK's tool-approval flow); without an
      // approver it is denied, so the model is told and nothing runs.
      toolApproval: ({ toolCall }) =>
        toolAccess(tools[toolCall.toolName]) !== 'write'
          ? undefined
          : approve === undefined
            ? { type: 'denied', reason: 'write tools need an approver, and this chat has none' }
            : 'user-approval',
      providerOptions: { kioku: { conversationId } },
      stopWhen: [
        isStepCount(stepsLeft),
        () => {
          budgetReason = overBudget(mainUsages, ledgerFrom);
          return budgetReason !== undefined;
        },
      ],
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    const seenProgress = new Map<string, number>();
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') emit({ type: 'text-delta', text: part.text });
      else if (part.type === 'tool-call') {
        emit({
          type: 'tool-call',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          arguments: oneLine(part.input),
        });
      } else if (part.type === 'tool-approval-request' && part.isAutomatic !== true) {
        requests.push({
          approvalId: part.approvalId,
          toolCall: {
            toolName: part.toolCall.toolName,
            toolCallId: part.toolCall.toolCallId,
            input: part.toolCall.input,
          },
        });
      } else if (part.type === 'tool-result') {
        const progress = subAgentProgress(part.output);
        if (progress !== undefined) {
          const seen = seenProgress.get(part.toolCallId) ?? 0;
          for (const event of progress.slice(seen)) {
            emit({ type: 'sub-agent', toolCallId: part.toolCallId, progress: event });
          }
          seenProgress.set(part.toolCallId, progress.length);
        }
        if (part.preliminary !== true) {
          emit({ type: 'tool-result', toolName: part.toolName, toolCallId: part.toolCallId });
        }
      } else if (part.type === 'tool-error') {
        emit({
          type: 'tool-result',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          error: part.error instanceof Error ? part.error.message : String(part.error),
        });
      } else if (part.type === 'tool-output-denied') {
        emit({
          type: 'tool-result',
          toolName: part.toolName,
          toolCallId: part.toolCallId,
          error: 'not approved',
        });
      } else if (part.type === 'finish-step') {
        mainUsages.push(part.usage);
        emit({ type: 'step-end', usage: part.usage });
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
    return {
      responseMessages: await result.responseMessages,
      finishReason: await result.finishReason,
      steps: (await result.steps).length,
      budgetReason,
      requests,
    };
  }

  /**
   * The turn's tool loop: model calls until an answer, the step cap or the budget; when write tools' calls
   * wait for approval, each is decided (`approve`), the decisions are added as the AI SDK's
   * `tool-approval-response` messages, and the loop goes on (an approved call runs, a rejected one reaches
   * the model as denied, with the reason).
   */
  return async function toolLoop(
    history: readonly ModelMessage[],
    abortSignal: AbortSignal | undefined,
    ledgerFrom: number,
  ) {
    const mainUsages: LanguageModelUsage[] = [];
    const responseMessages: ModelMessage[] = [];
    let steps = 0;
    for (;;) {
      const step = await streamStep(
        [...history, ...responseMessages],
        maxStepsPerTurn - steps,
        abortSignal,
        mainUsages,
        ledgerFrom,
      );
      responseMessages.push(...step.responseMessages);
      steps += step.steps;
      if (step.requests.length === 0) {
        return {
          responseMessages,
          finishReason: step.finishReason,
          steps,
          mainUsages,
          budgetReason: step.budgetReason,
        };
      }
      const stop =
        step.budgetReason !== undefined
          ? 'the conversation reached its budget before the call ran'
          : steps >= maxStepsPerTurn
            ? 'the turn reached its step cap before the call ran'
            : undefined;
      const answers: ToolContent = [];
      for (const { approvalId, toolCall } of step.requests) {
        const decision =
          stop !== undefined || approve === undefined
            ? { approved: false, reason: stop ?? 'no approver' }
            : await approve(toolCall, {
                announce: (id) =>
                  emit({
                    type: 'approval-requested',
                    approvalId: id,
                    toolName: toolCall.toolName,
                    toolCallId: toolCall.toolCallId,
                    arguments: oneLine(toolCall.input),
                  }),
                abortSignal,
              }).then((decided) => {
                emit({
                  type: 'approval-decided',
                  approvalId: decided.approvalId,
                  toolCallId: toolCall.toolCallId,
                  approved: decided.approved,
                  by: decided.by,
                  ...(decided.reason === undefined ? {} : { reason: decided.reason }),
                });
                return {
                  approved: decided.approved,
                  reason: decided.approved
                    ? decided.reason
                    : `rejected by ${decided.by}: ${decided.reason ?? 'no reason given'}`,
                };
              });
        answers.push({
          type: 'tool-approval-response',
          approvalId,
          approved: decision.approved,
          ...(decision.reason === undefined ? {} : { reason: decision.reason }),
        });
      }
      responseMessages.push({ role: 'tool', content: answers });
      if (stop !== undefined) {
        return {
          responseMessages,
          finishReason: step.finishReason,
          steps,
          mainUsages,
          budgetReason: step.budgetReason,
        };
      }
    }
  };
}

function subAgentProgress(output: unknown): SubAgentOutput['progress'] | undefined {
  if (typeof output !== 'object' || output === null || !('progress' in output)) return undefined;
  const { progress } = output as { progress: unknown };
  return Array.isArray(progress) ? (progress as SubAgentOutput['progress']) : undefined;
}

function oneLine(input: unknown): string {
  const text = JSON.stringify(input) ?? '';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
