import type { z } from 'zod';
import { formatLocation } from '../json/format-json-path.js';
import { ToolGraphDataError } from './tool-graph-data-error.js';

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Checks saved model data against its schema; throws a {@link ToolGraphDataError} naming the first problem. */
export function parseModelData<T extends z.ZodType>(
  schema: T,
  data: unknown,
  model: 'tool graph' | 'parameter filler',
): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw new Error('zod reported a failure without issues');
  const expected =
    issue.code === 'invalid_type'
      ? `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
      : issue.code === 'invalid_value'
        ? `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
        : issue.message;
  throw new ToolGraphDataError({
    model,
    location: formatLocation(issue.path),
    expected,
    found: describe(issue.input),
    cause: result.error,
  });
}
