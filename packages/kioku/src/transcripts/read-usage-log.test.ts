import { describe, expect, it } from 'vitest';
import { readUsageLog } from './read-usage-log.js';

const row = (fields: Record<string, unknown>) =>
  JSON.stringify({ instance_id: 'a', call_idx: 0, n_messages_in_prompt: 2, prompt_tokens: 10, ...fields });

describe('readUsageLog', () => {
  it('reads rows with their line numbers, skipping blank lines', () => {
    const rows = readUsageLog(`${row({})}\n\n${row({ call_idx: 1, cache_read_input_tokens: null })}\n`, {
      file: 'u.jsonl',
    });
    expect(rows.map((r) => r.line)).toEqual([1, 3]);
    expect(rows[1]).toMatchObject({ file: 'u.jsonl', call_idx: 1, cache_read_input_tokens: null });
  });

  it('names the line and field of a wrong row', () => {
    expect(() => readUsageLog(`${row({})}\n${row({ prompt_tokens: '10' })}`, { file: 'u.jsonl' })).toThrow(
      'u.jsonl: at line 2: $.prompt_tokens: expected a number, found the string "10"',
    );
  });

  it('names the line that is not JSON', () => {
    expect(() => readUsageLog(`${row({})}\n{"instance_id": `, { file: 'u.jsonl' })).toThrow(
      /u\.jsonl: at line 2, column/,
    );
  });

  it('rejects an empty log', () => {
    expect(() => readUsageLog('', { file: 'u.jsonl' })).toThrow('u.jsonl: at line 1: expected');
  });
});
