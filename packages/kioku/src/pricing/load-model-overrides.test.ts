import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModelOverridesError } from '../errors/model-overrides-error.js';
import { loadModelOverrides, parseModelOverrides } from './load-model-overrides.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kioku-overrides-'));
});

async function failure(text: string): Promise<ModelOverridesError> {
  const file = join(dir, `case-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, text);
  try {
    await loadModelOverrides(file);
  } catch (error) {
    if (ModelOverridesError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ModelOverridesError');
}

describe('loadModelOverrides', () => {
  it('reads a valid file', async () => {
    const file = join(dir, 'valid.json');
    await writeFile(file, '{"models": {"deepseek-chat": {"pricePerMillionTokens": {"input": 0.28}}}}');
    expect(await loadModelOverrides(file)).toEqual({
      models: { 'deepseek-chat': { pricePerMillionTokens: { input: 0.28 } } },
    });
  });

  it('names the file, the JSON path and what was expected for a wrong value', async () => {
    const error = await failure(
      '{"models": {"deepseek-chat": {"pricePerMillionTokens": {"input": "0.28"}}}}',
    );
    expect(error.file).toMatch(/case-.*\.json$/);
    expect(error.location).toBe('$.models["deepseek-chat"].pricePerMillionTokens.input');
    expect(error.expected).toBe('a non-negative number (USD per million tokens)');
    expect(error.message).toMatch(
      /: at \$\.models\["deepseek-chat"\]\.pricePerMillionTokens\.input: expected a non-negative number \(USD per million tokens\), found "0\.28"$/,
    );
  });

  it('rejects a misspelt key, listing the keys allowed there', async () => {
    const error = await failure('{"models": {"gpt-4o": {"price": {"input": 2.5}}}}');
    expect(error.location).toBe('$.models["gpt-4o"]');
    expect(error.message).toMatch(
      /expected only the keys provider, contextWindow, maxOutputTokens, pricePerMillionTokens/,
    );
    expect(error.message).toMatch(/found unknown key "price"/);
  });

  it('rejects a negative price and a fractional context window', async () => {
    expect((await failure('{"models": {"m": {"pricePerMillionTokens": {"output": -1}}}}')).location).toBe(
      '$.models.m.pricePerMillionTokens.output',
    );
    const error = await failure('{"models": {"m": {"contextWindow": 1000.5}}}');
    expect(error.location).toBe('$.models.m.contextWindow');
    expect(error.expected).toBe('a positive whole number of tokens');
  });

  it('says where the JSON breaks', async () => {
    const error = await failure('{\n  "models": {\n    "m": {,}\n  }\n}');
    expect(error.location).toMatch(/^line 3, column \d+$/);
    expect(error.expected).toBe('valid JSON');
  });

  it('rejects a file without the models object', async () => {
    const error = await failure('{"deepseek-chat": {}}');
    expect(error.message).toMatch(
      /at \$\.models: expected an object mapping model ids to overrides, found nothing$/,
    );
    expect((await failure('[]')).expected).toBe('an object {"models": {...}}');
  });

  it('names a missing file', async () => {
    const missing = join(dir, 'missing.json');
    await expect(loadModelOverrides(missing)).rejects.toThrow(
      `${missing}: at $: expected a readable JSON file`,
    );
  });

  it('parses text held in memory', () => {
    expect(parseModelOverrides('{"models": {}}', { file: 'inline' })).toEqual({ models: {} });
  });
});
