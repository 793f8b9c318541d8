/**
 * True when `value` is plain JSON (plain objects and arrays, strings, finite numbers, booleans, null; no
 * binary data, URLs, dates or holes) in one of the common shapes of the AI SDK's `ModelMessage`: text,
 * reasoning, tool calls and tool results with text, JSON or error output. Such a message is accepted by
 * the AI SDK's schema for its role, and `JSON.stringify` stores exactly what was checked. False for
 * anything else, which the schema then judges (file and image parts, approvals, custom parts, tool
 * outputs with content parts, any non-plain value): a strict subset of what the schema accepts, so the
 * quick check never admits what the schema refuses.
 */
export function isPlainModelMessage(value: unknown): boolean {
  if (!isPlainObject(value) || !plainEntries(value, messageKeys)) return false;
  const { role, content } = value;
  if (!optionalProviderOptions(value.providerOptions)) return false;
  if (role === 'system') return typeof content === 'string';
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') return false;
  if (typeof content === 'string') return role !== 'tool';
  if (!Array.isArray(content)) return false;
  const parts = role === 'user' ? userParts : role === 'assistant' ? assistantParts : toolParts;
  for (let index = 0; index < content.length; index += 1) {
    if (!(index in content)) return false;
    const part: unknown = content[index];
    if (!isPlainObject(part) || typeof part.type !== 'string' || !parts.has(part.type)) return false;
    if (!plainPart(part)) return false;
  }
  return true;
}

type PlainObject = Record<string, unknown>;

const messageKeys = new Set(['role', 'content', 'providerOptions']);
const userParts = new Set(['text']);
const assistantParts = new Set(['text', 'reasoning', 'tool-call', 'tool-result']);
const toolParts = new Set(['tool-result']);
const outputTypes = new Set(['text', 'json', 'error-text', 'error-json', 'execution-denied']);

function plainPart(part: PlainObject): boolean {
  if (!optionalProviderOptions(part.providerOptions)) return false;
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return typeof part.text === 'string' && plainEntries(part, textKeys);
    case 'tool-call':
      return (
        typeof part.toolCallId === 'string' &&
        typeof part.toolName === 'string' &&
        // Present: the schema takes `input: undefined`, but its JSON has no `input`, which it refuses.
        part.input !== undefined &&
        (part.providerExecuted === undefined || typeof part.providerExecuted === 'boolean') &&
        plainEntries(part, toolCallKeys)
      );
    default:
      return (
        typeof part.toolCallId === 'string' &&
        typeof part.toolName === 'string' &&
        plainOutput(part.output) &&
        plainEntries(part, toolResultKeys)
      );
  }
}

const textKeys = new Set(['type', 'text', 'providerOptions']);
const toolCallKeys = new Set(['type', 'toolCallId', 'toolName', 'providerOptions', 'providerExecuted']);
const toolResultKeys = new Set(['type', 'toolCallId', 'toolName', 'output', 'providerOptions']);

function plainOutput(output: unknown): boolean {
  if (!isPlainObject(output) || typeof output.type !== 'string' || !outputTypes.has(output.type))
    return false;
  if (!optionalProviderOptions(output.providerOptions)) return false;
  switch (output.type) {
    case 'text':
    case 'error-text':
      return typeof output.value === 'string' && plainEntries(output, valueOutputKeys);
    case 'json':
    case 'error-json':
      return output.value !== undefined && plainJson(output.value) && plainEntries(output, valueOutputKeys);
    default:
      return (
        (output.reason === undefined || typeof output.reason === 'string') &&
        plainEntries(output, deniedOutputKeys)
      );
  }
}

// The keys each kind of output checks itself; any other key (a `value` beside a denial's `reason`, a
// `reason` beside a text's `value`) is stored as it is, so it must be plain JSON too.
const valueOutputKeys = new Set(['type', 'value', 'providerOptions']);
const deniedOutputKeys = new Set(['type', 'reason', 'providerOptions']);

// `providerOptions`: absent, or an object of objects of JSON values (the schema's provider metadata).
function optionalProviderOptions(options: unknown): boolean {
  if (options === undefined) return true;
  if (!isPlainObject(options)) return false;
  for (const key in options) {
    const inner = options[key];
    if (!isPlainObject(inner) || !plainJson(inner)) return false;
  }
  return true;
}

// The values of `object` other than the `checked` keys (which the caller checks) are plain JSON: a
// tool call's input, provider extras the schema does not know, all stored as they are.
function plainEntries(object: PlainObject, checked: ReadonlySet<string>): boolean {
  for (const key in object) {
    const entry = object[key];
    if (!checked.has(key) && entry !== undefined && !plainJson(entry)) return false;
  }
  return true;
}

function plainJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === undefined || depth > 200) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value) || !plainJson(value[index], depth + 1)) return false;
    }
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    const entry = value[key];
    if (entry !== undefined && !plainJson(entry, depth + 1)) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as PlainObject).toJSON !== 'function'
  );
}
