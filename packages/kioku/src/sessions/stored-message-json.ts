import {
  assistantModelMessageSchema,
  systemModelMessageSchema,
  toolModelMessageSchema,
  userModelMessageSchema,
} from 'ai';
import type { z } from 'zod';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { isPlainModelMessage } from './is-plain-model-message.js';

const schemas: Record<string, z.ZodType> = {
  system: systemModelMessageSchema,
  user: userModelMessageSchema,
  assistant: assistantModelMessageSchema,
  tool: toolModelMessageSchema,
};

/**
 * The message as it will be stored and read back, as JSON text: binary data (file and image parts) as
 * base64 strings, URLs as strings; checked against the AI SDK's `ModelMessage` schema for its role.
 * Common messages (plain JSON text, reasoning, tool calls and results) are checked by a quick walk that
 * admits only what the schema admits (`isPlainModelMessage`) and serialised once; the others through the
 * schema. Throws `InvalidSessionInputError` naming `field` and the first thing wrong.
 */
export function storedMessageJson(
  message: unknown,
  { field, sessionId }: { field: string; sessionId?: string },
): string {
  if (isPlainModelMessage(message)) return JSON.stringify(message);
  const fail = (at: string, expected: string, found?: string): never => {
    throw new InvalidSessionInputError({
      ...(sessionId === undefined ? {} : { sessionId }),
      field: `${field}${at}`,
      expected,
      ...(found === undefined ? {} : { found }),
    });
  };
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return fail('', 'a ModelMessage object', describe(message));
  }
  let text: string;
  let json: unknown;
  try {
    text = JSON.stringify(message, binaryAsBase64);
    json = JSON.parse(text);
  } catch (error) {
    return fail('', 'a message that converts to JSON', (error as Error).message);
  }
  const role = (json as { role?: unknown }).role;
  const schema = typeof role === 'string' ? schemas[role] : undefined;
  if (schema === undefined) return fail('.role', 'one of system, user, assistant, tool', describe(role));
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = deepestIssue(result.error.issues);
    return fail(
      formatPath(issue.path),
      issue.message.replace(/^Invalid input: /, '').replace(/^expected /, ''),
    );
  }
  // The parsed copy would drop keys the schema does not know (provider extras); store what was given.
  return text;
}

// Binary content (Uint8Array, Buffer, ArrayBuffer) becomes base64, which ModelMessage accepts as data.
function binaryAsBase64(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw instanceof Uint8Array)
    return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('base64');
  return value;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
}

// A union (the kinds of content part) reports every alternative; the one that got furthest, without
// failing on its discriminator (`type`), is the one the caller meant.
function deepestIssue(issues: readonly z.core.$ZodIssue[]): Issue {
  let best = issues[0] as unknown as Issue;
  for (let guard = 0; best.code === 'invalid_union' && best.errors !== undefined && guard < 20; guard += 1) {
    const branches = best.errors.filter((branch) => !branch.some(isDiscriminatorMiss));
    const candidates = branches.length > 0 ? branches : best.errors;
    const chosen = candidates.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    const next = chosen[0];
    if (next === undefined) break;
    best = { ...next, path: [...best.path, ...next.path] };
  }
  return best;
}

const isDiscriminatorMiss = (issue: Issue) =>
  issue.code === 'invalid_value' && (issue.path.at(-1) === 'type' || issue.path.at(-1) === 'role');
const depth = (branch: Issue[]) => Math.max(0, ...branch.map((issue) => issue.path.length));

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `'${value.slice(0, 40)}'` : typeof value;
}
