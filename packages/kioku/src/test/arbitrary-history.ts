import type { ModelMessage } from 'ai';
import fc from 'fast-check';

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() !== '');

/** One step of an agent: an assistant message with 0–3 parallel tool calls and their results. */
const step = (stepIndex: number) =>
  fc
    .record({ thought: text, calls: fc.array(text, { maxLength: 3 }), userFollowUp: fc.option(text) })
    .map(({ thought, calls, userFollowUp }): ModelMessage[] => {
      const ids = calls.map((_, i) => `call_${stepIndex}_${i}`);
      const assistant: ModelMessage = {
        role: 'assistant',
        content: [
          { type: 'text', text: thought },
          ...ids.map((toolCallId) => ({
            type: 'tool-call' as const,
            toolCallId,
            toolName: 'bash',
            input: { command: 'ls' },
          })),
        ],
      };
      const results: ModelMessage[] = calls.map((output, i) => ({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: ids[i] ?? '',
            toolName: 'bash',
            output: { type: 'text', value: output },
          },
        ],
      }));
      const followUp: ModelMessage[] = userFollowUp === null ? [] : [{ role: 'user', content: userFollowUp }];
      return [assistant, ...results, ...followUp];
    });

/** Random histories a provider accepts: a system prompt, a task, then agent steps with parallel tool calls. */
export const validHistory = fc
  .record({ system: fc.option(text), task: text, steps: fc.integer({ min: 0, max: 12 }) })
  .chain(({ system, task, steps }) =>
    fc
      .tuple(...Array.from({ length: steps }, (_, i) => step(i)))
      .map((stepMessages): ModelMessage[] => [
        ...(system === null ? [] : [{ role: 'system' as const, content: system }]),
        { role: 'user', content: task },
        ...stepMessages.flat(),
      ]),
  );
