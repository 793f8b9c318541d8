import type { AgentEvent } from '../tool-graph/agent-event.js';

/**
 * A tiny support-agent run for tool-graph tests: the user asks to cancel, the agent looks the user up
 * (the id comes from the message), cancels the reservation the lookup returned, and replies.
 */
export function cancelBookingRun(userId: string): AgentEvent[] {
  return [
    { kind: 'user', text: `cancel booking for ${userId}` },
    {
      kind: 'call',
      tool: 'get_user_details',
      input: { user_id: userId },
      outcome: 'ok',
      output: '{"reservation":"ABC123"}',
    },
    {
      kind: 'call',
      tool: 'cancel_reservation',
      input: { reservation_id: 'ABC123' },
      outcome: 'ok',
      output: 'ok',
    },
    { kind: 'reply' },
  ];
}
