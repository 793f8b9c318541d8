import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { ModelOverridesError } from '../errors/model-overrides-error.js';
import { formatLocation } from '../json/format-json-path.js';
import { jsonSyntaxPosition } from '../json/json-syntax-position.js';
import { type ModelOverrides, modelOverridesSchema } from './model-overrides.js';

/**
 * Reads and validates a model override file (see `modelOverridesSchema`; prices in USD per million
 * tokens). Throws `ModelOverridesError` naming the file, the JSON path or line and what was expected.
 *
 * @example
 * // overrides.json: { "models": { "deepseek-chat": { "pricePerMillionTokens": { "input": 0.28 } } } }
 * const model = getModelInfo('deepseek-chat', { overrides: await loadModelOverrides('overrides.json') });
 */
export async function loadModelOverrides(path: string): Promise<ModelOverrides> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ModelOverridesError({
      file: path,
      location: '$',
      expected: 'a readable JSON file',
      found: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  return parseModelOverrides(text, { file: path });
}

/**
 * Validates the text of a model override file; `file` names it in errors. See {@link loadModelOverrides}.
 *
 * @example
 * const overrides = parseModelOverrides('{"models": {}}', { file: 'inline' });
 */
export function parseModelOverrides(text: string, { file }: { file: string }): ModelOverrides {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ModelOverridesError({
      file,
      location: syntaxLocation(text, error),
      expected: 'valid JSON',
      found: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  const parsed = modelOverridesSchema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue === undefined) throw new Error('zod reported a failure without issues');
  throw new ModelOverridesError({
    file,
    location: formatLocation(issue.path),
    ...describeIssue(issue),
    cause: parsed.error,
  });
}

const expectedByField: Record<string, string> = {
  models: 'an object mapping model ids to overrides',
  provider: 'a provider key such as "anthropic" or "deepseek"',
  contextWindow: 'a positive whole number of tokens',
  maxOutputTokens: 'a positive whole number of tokens',
  pricePerMillionTokens:
    'an object with USD per million tokens: input, output, cacheRead, cacheWrite, cacheWriteLong',
  input: 'a non-negative number (USD per million tokens)',
  output: 'a non-negative number (USD per million tokens)',
  cacheRead: 'a non-negative number (USD per million tokens)',
  cacheWrite: 'a non-negative number (USD per million tokens)',
  cacheWriteLong: 'a non-negative number (USD per million tokens)',
};

function describeIssue(issue: z.core.$ZodIssue): { expected: string; found?: string } {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    const where = issue.path.length === 0 ? 'the top level' : 'here';
    const allowed =
      issue.path.length === 0
        ? '"models"'
        : issue.path.at(-1) === 'pricePerMillionTokens'
          ? 'input, output, cacheRead, cacheWrite, cacheWriteLong'
          : 'provider, contextWindow, maxOutputTokens, pricePerMillionTokens';
    return { expected: `only the keys ${allowed} at ${where}`, found: `unknown key ${keys}` };
  }
  const field = [...issue.path].reverse().find((step) => typeof step === 'string');
  const key = issue.path.length === 2 && issue.path[0] === 'models' ? undefined : field;
  const expected =
    key === undefined
      ? issue.path.length === 0
        ? 'an object {"models": {...}}'
        : 'an object of overrides for this model'
      : (expectedByField[key] ?? issue.message);
  if (!('input' in issue)) return { expected };
  const found = issue.input === undefined ? 'nothing' : (JSON.stringify(issue.input) ?? String(issue.input));
  return { expected, found: found.length > 60 ? `${found.slice(0, 57)}...` : found };
}

function syntaxLocation(text: string, error: unknown): string {
  const { line, column } = jsonSyntaxPosition(text, error);
  return `line ${line}, column ${column}`;
}
