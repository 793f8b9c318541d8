import type { z } from 'zod';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { formatLocation, type JsonPath } from '../json/format-json-path.js';
import { describeValue } from './describe-value.js';

/** Where the value being checked sits: the file, the path of the value inside it, JSONL line numbers. */
export interface ShapeContext {
  file: string;
  path?: JsonPath;
  lines?: readonly number[] | undefined;
}

/**
 * Checks `value` against a zod schema and returns the parsed value; on a mismatch throws a
 * `TranscriptFormatError` for the first issue, with its JSON path, what was expected and what was found.
 */
export function parseShape<T extends z.ZodType>(
  schema: T,
  value: unknown,
  { file, path = [], lines }: ShapeContext,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  if (first === undefined) throw new Error('zod reported a failure without issues');
  const { issuePath, expected } = explain(first, first.path);
  throw new TranscriptFormatError({
    file,
    location: formatLocation([...path, ...issuePath], lines),
    expected,
    found: describeValue(valueAt(value, issuePath)),
    cause: result.error,
  });
}

/**
 * For a plain union, zod reports only "Invalid input" at the union; follow the alternative that got
 * furthest into the value (an array whose item is wrong), or list what the alternatives expected.
 */
function explain(
  issue: z.core.$ZodIssue,
  issuePath: readonly PropertyKey[],
): { issuePath: PropertyKey[]; expected: string } {
  if (
    issue.code === 'invalid_union' &&
    issue.discriminator === undefined &&
    issue.message === 'Invalid input'
  ) {
    const firsts = issue.errors.flatMap((issues) => (issues[0] === undefined ? [] : [issues[0]]));
    const deepest = firsts.reduce<z.core.$ZodIssue | undefined>(
      (best, candidate) =>
        best === undefined || candidate.path.length > best.path.length ? candidate : best,
      undefined,
    );
    if (deepest !== undefined && deepest.path.length > 0)
      return explain(deepest, [...issuePath, ...deepest.path]);
    if (firsts.length > 0) {
      const expected = [...new Set(firsts.map(expectedText))].join(' or ');
      return { issuePath: [...issuePath], expected };
    }
  }
  return { issuePath: [...issuePath], expected: expectedText(issue) };
}

function expectedText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'undefined') return 'no value';
      return issue.expected === 'nonoptional' ? 'a value' : article(issue.expected);
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      if (issue.discriminator !== undefined && 'options' in issue && Array.isArray(issue.options)) {
        return `one of ${issue.options.map((v) => JSON.stringify(v)).join(', ')}`;
      }
      return issue.message;
    case 'too_small':
      return issue.origin === 'array'
        ? `at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`
        : issue.message;
    default:
      return issue.message;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}
