import type { ChatEvent } from './chat-event.js';

/**
 * A chat event as one progress line for standard error (tool calls, sub-agent steps, compactions, plan
 * steps, budget), or `undefined` for events that are not progress (the answer's text, step ends).
 *
 * @example
 * const line = formatChatEvent(event); if (line !== undefined) console.error(line);
 */
export function formatChatEvent(event: ChatEvent): string | undefined {
  switch (event.type) {
    case 'tool-call':
      return `→ ${event.toolName} ${event.arguments}`;
    case 'tool-result':
      return event.error === undefined ? undefined : `✗ ${event.toolName} failed: ${event.error}`;
    case 'sub-agent': {
      const progress = event.progress;
      if (progress.type === 'sub-agent-start') return `  ${progress.agent} started`;
      if (progress.type === 'tool-call-end') {
        const outcome =
          progress.error === undefined
            ? `${Math.round(progress.durationMs)} ms`
            : `failed: ${progress.error}`;
        return `  ${progress.agent} · ${progress.toolName} ${progress.arguments} (${outcome})`;
      }
      if (progress.type === 'sub-agent-end') {
        return `  ${progress.agent} done after ${progress.steps} step(s)${progress.stepCapReached ? ', step cap reached: handover note' : ''}`;
      }
      return undefined;
    }
    case 'kioku': {
      const kioku = event.event;
      if (kioku.type === 'context-compacted') {
        return `[kioku] history compacted (${kioku.reason}): ${kioku.tokensBefore} → ${kioku.tokensAfter} tokens, ${kioku.factsRepaired} fact(s) restored`;
      }
      if (kioku.type === 'overflow-detected')
        return '[kioku] the provider rejected the prompt as too long: compacting';
      if (kioku.type === 'fallback-used') return `[kioku] ${kioku.strategy} stood in for ${kioku.replaces}`;
      if (kioku.type === 'session-error')
        return `[kioku] the conversation could not be stored (${kioku.operation})`;
      return undefined;
    }
    case 'plan': {
      const plan = event.event;
      if (plan.type === 'plan-created')
        return `plan: ${plan.steps.map((step) => `[${step.id}] ${step.goal}`).join('; ')}`;
      if (plan.type === 'step-start') return `plan step [${plan.step.id}] ${plan.step.goal}`;
      if (plan.type === 'budget-spent') return `plan budget spent: ${plan.reason}`;
      return undefined;
    }
    case 'approval-requested':
      return `⏸ ${event.toolName} ${event.arguments} waits for an analyst: investigator approvals approve ${event.approvalId} (or reject ${event.approvalId} --reason …)`;
    case 'approval-decided':
      return event.approved
        ? `✓ approval ${event.approvalId} approved by ${event.by}`
        : `✗ approval ${event.approvalId} rejected by ${event.by}: ${event.reason ?? 'no reason given'}`;
    case 'budget-reached':
      return `budget reached (${event.reason}): writing a handover note`;
    default:
      return undefined;
  }
}
