import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../test/quarter-counter.js';
import type { Prompt } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { withCacheMarker } from './cache-marker.js';
import { type LaidOutPrompt, layoutPrompt, layoutPromptAfter } from './prompt-layout.js';

const tools: ToolDefinition[] = [{ name: 'bash', description: 'Runs a command.', inputSchema: {} }];
const otherTools: ToolDefinition[] = [{ name: 'read', description: 'Reads a file.', inputSchema: {} }];

/** What happens between two prompts of a sequence. */
type Step =
  | { kind: 'grow'; text: string }
  | { kind: 'rewrite'; at: number; text: string }
  | { kind: 'mark'; at: number }
  | { kind: 'drop'; at: number }
  | { kind: 'tools'; which: 0 | 1 | 2 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('grow' as const), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('rewrite' as const), at: fc.nat(), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('mark' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('tools' as const),
    which: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
);

/** The prompt after `change`: new objects where a message changed, the others kept. */
function next(prompt: Prompt, change: Step): Prompt {
  const messages = prompt.messages.slice();
  const at = 'at' in change && messages.length > 0 ? change.at % messages.length : -1;
  switch (change.kind) {
    case 'grow':
      messages.push({ role: messages.length % 2 === 0 ? 'user' : 'assistant', content: change.text });
      break;
    case 'rewrite':
      if (at >= 0) messages[at] = { role: 'user', content: change.text };
      break;
    case 'mark':
      if (at >= 0) messages[at] = withCacheMarker(messages[at] as ModelMessage, { type: 'ephemeral' });
      break;
    case 'drop':
      if (at >= 0) messages.splice(at, 1);
      break;
    case 'tools':
      return change.which === 0 ? { messages } : { messages, tools: change.which === 1 ? tools : otherTools };
  }
  return prompt.tools === undefined ? { messages } : { messages, tools: prompt.tools };
}

describe('layoutPromptAfter', () => {
  it('lays every prompt of a sequence out as layoutPrompt does, whatever changed since the one before', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.string({ maxLength: 20 }), (steps, answer) => {
        const counter = quarterCounter();
        const completion: ModelMessage = { role: 'assistant', content: answer };
        let prompt: Prompt = { messages: [{ role: 'system', content: 'You fix bugs.' }], tools };
        let previous: LaidOutPrompt | undefined;
        for (const change of steps) {
          prompt = next(prompt, change);
          const layout = layoutPromptAfter(prompt, { counter, completion }, previous);
          expect(layout).toEqual(layoutPrompt(prompt, { counter, completion }));
          previous = { prompt, layout };
        }
      }),
    );
  });

  it('takes nothing from a prompt sent with other tools', () => {
    const counter = quarterCounter();
    const messages: ModelMessage[] = [
      { role: 'system', content: 'You fix bugs.' },
      { role: 'user', content: 'Fix it.' },
    ];
    const before = layoutPrompt({ messages, tools }, { counter });
    const after = layoutPromptAfter(
      { messages, tools: otherTools },
      { counter },
      { prompt: { messages, tools }, layout: before },
    );
    expect(after).toEqual(layoutPrompt({ messages, tools: otherTools }, { counter }));
    expect(after.blocks.at(-1)?.key).not.toBe(before.blocks.at(-1)?.key);
  });
});
