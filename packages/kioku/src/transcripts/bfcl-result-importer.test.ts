import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agentEvents } from '../tool-graph/agent-events.js';
import { attachBfclQuestions } from './attach-bfcl-questions.js';
import { bfclResultImporter, bfclResultNoOutput } from './bfcl-result-importer.js';
import { detectFormat } from './detect-format.js';
import { parseJsonText } from './parse-json-text.js';

const file = fileURLToPath(new URL('./__fixtures__/bfcl-multi-turn-result.jsonl', import.meta.url));
const { value, lines } = parseJsonText(readFileSync(file, 'utf8'), { file });
const where = lines === undefined ? { file } : { file, lines };

describe('bfclResultImporter', () => {
  it('is detected, and reads a row with its inference log: queries, calls, outputs, one recorded call per step', () => {
    expect(detectFormat(value, file)).toBe('bfcl-result');
    const [withLog] = bfclResultImporter().read(value, where);
    expect(withLog?.id).toBe('multi_turn_base_0');
    expect(withLog?.messages[0]).toEqual({
      role: 'user',
      content:
        "Move 'final_report.pdf' within document directory to 'temp' directory in document. Make sure to create the directory",
    });
    const events = agentEvents(withLog?.messages ?? []);
    expect(
      events.filter((event) => event.kind === 'call').map((event) => event.kind === 'call' && event.tool),
    ).toEqual(['cd', 'mkdir', 'mv', 'cd', 'grep', 'sort', 'cd', 'mv', 'cd', 'diff']);
    expect(events[1]).toMatchObject({
      kind: 'call',
      tool: 'cd',
      input: { folder: 'document' },
      output: '{"current_working_directory": "document"}',
    });
    // Every answered step is a model call with its token counts (the empty answers ending turns are not).
    expect(withLog?.calls).toHaveLength(10);
    expect(withLog?.calls[0]).toEqual({
      messageCount: 1,
      usage: { promptTokens: 3401, completionTokens: 60 },
    });
  });

  it('reads a row without an inference log from its decoded calls, its turns placeholders until the questions come', () => {
    const [, bare] = bfclResultImporter().read(value, where);
    expect(bare?.calls).toEqual([]);
    const calls = agentEvents(bare?.messages ?? []).filter((event) => event.kind === 'call');
    expect(calls.map((event) => event.kind === 'call' && [event.tool, event.input, event.output])).toEqual([
      ['ls', { a: true }, bfclResultNoOutput],
      ['cd', { folder: 'workspace' }, bfclResultNoOutput],
      ['mv', { source: 'log.txt', destination: 'archive' }, bfclResultNoOutput],
      ['cd', { folder: 'archive' }, bfclResultNoOutput],
      ['grep', { file_name: 'log.txt', pattern: 'Error' }, bfclResultNoOutput],
      ['tail', { file_name: 'log.txt', lines: 20 }, bfclResultNoOutput],
    ]);
    const [attached] = attachBfclQuestions(bare === undefined ? [] : [bare], [
      { id: 'multi_turn_base_1', question: [[{ role: 'user', content: 'I am alex. List everything.' }]] },
    ]);
    expect(attached?.messages[0]).toEqual({ role: 'user', content: 'I am alex. List everything.' });
  });
});
