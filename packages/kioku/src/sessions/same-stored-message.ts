import type { ModelMessage } from 'ai';

/**
 * Whether two stored messages are the same message as two writers hold it: kioku's middleware stores
 * what reached the provider (the AI SDK's provider prompt: text always as parts, images as files, empty
 * text parts dropped) and an `onEnd` what the caller and the AI SDK hold. Compared: the role and, per
 * part, its kind and content (text, tool call id and name, input, output, data); not provider options,
 * media types or file names.
 */
export function sameStoredMessage(a: ModelMessage, b: ModelMessage): boolean {
  return a.role === b.role && canonical(parts(a)) === canonical(parts(b));
}

function parts(message: ModelMessage): unknown[] {
  const content: unknown = message.content;
  const list =
    typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
  return list
    .filter((part) => !(isRecord(part) && part.type === 'text' && part.text === ''))
    .map((part) => {
      if (!isRecord(part)) return part;
      const { providerOptions: _options, mediaType: _mediaType, filename: _filename, ...rest } = part;
      if (rest.type === 'image') return { type: 'file', data: rest.image };
      return rest;
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so key order does not matter. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    isRecord(entry)
      ? Object.fromEntries(
          Object.keys(entry)
            .sort()
            .map((key) => [key, entry[key]]),
        )
      : entry,
  );
}
