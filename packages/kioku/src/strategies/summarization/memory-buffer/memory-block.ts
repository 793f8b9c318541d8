import type { ModelMessage, UserModelMessage } from 'ai';
import { messageText } from '../../../messages/message-text.js';
import { pin } from '../../internal/pin.js';
import { factLabels, factText } from '../facts/fact.js';
import type { MemoryItems } from './memory-items.js';

/** The first line of the memory block. */
export const memoryBlockMarker = '=== Memory: entities, decisions, constraints ===';

/**
 * The memory as the text of its block: constraints, entities, decisions, then indicators by kind, each with
 * the machine it was seen on (`10.0.0.5 (with WS01)`), as a "Preserved facts" section lists them.
 */
export function renderMemory(memory: MemoryItems): string {
  const lines = [memoryBlockMarker];
  if (memory.constraints.length > 0)
    lines.push('Constraints:', ...memory.constraints.map((text) => `- ${oneLine(text)}`));
  if (memory.entities.length > 0) {
    lines.push(
      'Entities:',
      ...memory.entities.map(({ name, type, note }) =>
        oneLine(`- ${name}${type === '' ? '' : ` (${type})`}${note === '' ? '' : `: ${note}`}`),
      ),
    );
  }
  if (memory.decisions.length > 0)
    lines.push('Decisions:', ...memory.decisions.map((text) => `- ${oneLine(text)}`));
  if (memory.indicators.length > 0) {
    lines.push('Indicators:');
    for (const kind of Object.keys(factLabels) as (keyof typeof factLabels)[]) {
      const values = memory.indicators.filter((fact) => fact.kind === kind).map(factText);
      if (values.length > 0) lines.push(`- ${factLabels[kind]}: ${values.join(', ')}`);
    }
  }
  return lines.join('\n');
}

/** The pinned user message holding the memory (marked `providerOptions.kioku.memory` as well). */
export function memoryBlock(memory: MemoryItems): UserModelMessage {
  const message = pin<UserModelMessage>({ role: 'user', content: renderMemory(memory) });
  return {
    ...message,
    providerOptions: {
      ...message.providerOptions,
      kioku: { ...message.providerOptions?.kioku, memory: true },
    },
  };
}

/** True when `message` is a memory block (a user message opening with the marker). */
export function isMemoryBlock(message: ModelMessage): boolean {
  return message.role === 'user' && messageText(message).trimStart().startsWith(memoryBlockMarker);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
