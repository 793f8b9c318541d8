// The script of a recorded run that a real agent loop replays: the system prompt, the task, then each
// step's assistant message (its text and tool calls) and the recorded output of each call. A run is read
// up to the last step whose calls all have results; the final answer after it ends the loop.
import { toolOutputText } from 'kioku/strategies';

/**
 * Reads `transcript` (system, user task, then assistant tool calls each followed by their results) into a
 * replay script; `maxSteps` cuts it short. Throws naming the message when the run does not start with a
 * system prompt and a user task.
 */
export function recordedSteps(transcript, { maxSteps = Number.POSITIVE_INFINITY } = {}) {
  const [system, task, ...rest] = transcript.messages;
  if (system?.role !== 'system' || typeof system.content !== 'string' || task?.role !== 'user') {
    throw new Error(`${transcript.id}: expected a system prompt then a user task at messages 0 and 1`);
  }
  const steps = [];
  let at = 0;
  while (steps.length < maxSteps) {
    const assistant = rest[at];
    if (assistant?.role !== 'assistant' || typeof assistant.content === 'string') break;
    const calls = assistant.content.filter((part) => part.type === 'tool-call');
    if (calls.length === 0) break;
    const outputs = new Map();
    let next = at + 1;
    while (rest[next]?.role === 'tool' && outputs.size < calls.length) {
      for (const part of rest[next].content) {
        if (part.type === 'tool-result') outputs.set(part.toolCallId, toolOutputText(part.output));
      }
      next += 1;
    }
    if (!calls.every((call) => outputs.has(call.toolCallId))) break;
    steps.push({
      text: assistant.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
      calls: calls.map((call) => ({ id: call.toolCallId, name: call.toolName, input: call.input })),
      outputs,
    });
    at = next;
  }
  return {
    id: transcript.id,
    model: transcript.model ?? transcript.calls.find((call) => call.model)?.model,
    system: system.content,
    task:
      typeof task.content === 'string' ? task.content : task.content.map((part) => part.text ?? '').join(''),
    steps,
    toolNames: [...new Set(steps.flatMap((step) => step.calls.map((call) => call.name)))],
  };
}
