import type { ModelMessage } from 'ai';

type Part = Exclude<ModelMessage['content'], string>[number];

/**
 * About how many bytes of heap `message` holds: two a character of its strings (text, tool inputs and
 * outputs, data), plus a small fixed cost per part. Binary data counts its bytes. An estimate for
 * bounding what is kept (the conversation cache), cheap enough to take once per message.
 *
 * @example
 * retainedBytes({ role: 'user', content: 'hello' }); // 2 * 5 + the message's own cost
 */
export function retainedBytes(message: ModelMessage): number {
  const { content } = message;
  if (typeof content === 'string') return messageCost + 2 * content.length;
  let bytes = messageCost;
  for (const part of content) bytes += partBytes(part);
  return bytes;
}

/** Bytes of a message's object, array and role beyond its content. */
const messageCost = 64;
/** Bytes of a part's object beyond its strings. */
const partCost = 48;

function partBytes(part: Part): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return partCost + 2 * part.text.length;
    case 'tool-result': {
      const { output } = part;
      const value =
        output.type === 'text' || output.type === 'error-text' ? 2 * output.value.length : valueBytes(output);
      return partCost + 2 * part.toolCallId.length + value;
    }
    default:
      return partCost + valueBytes(part);
  }
}

/** Bytes of any other value: its binary data's bytes, and two a character of the rest as JSON. */
function valueBytes(value: unknown): number {
  let binary = 0;
  const json = JSON.stringify(value, (_key, field: unknown) => {
    if (field instanceof Uint8Array || field instanceof ArrayBuffer) {
      binary += field.byteLength;
      return 0;
    }
    return field;
  });
  return binary + 2 * (json?.length ?? 0);
}
