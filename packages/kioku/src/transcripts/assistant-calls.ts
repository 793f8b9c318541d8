import type { ModelMessage } from 'ai';
import type { RecordedCall } from './transcript.js';

/**
 * One recorded call per assistant message, for formats that keep no per-call record: each assistant
 * message was the answer to a prompt of all the messages before it.
 */
export function assistantCalls(messages: readonly ModelMessage[], model?: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    calls.push(model === undefined ? { messageCount: index } : { messageCount: index, model });
  });
  return calls;
}
