import { describe, expect, it } from 'vitest';
import { TranscriptFormatError, UnknownTranscriptFormatError } from '../errors/index.js';
import { importTranscript } from './import-transcript.js';
import { transcriptFormats } from './transcript-format.js';

const file = 'runs/broken.json';

function errorOf(action: () => unknown): TranscriptFormatError {
  try {
    action();
  } catch (error) {
    if (TranscriptFormatError.isInstance(error)) return error;
    throw new Error(`expected a TranscriptFormatError, got ${String(error)}`);
  }
  throw new Error('expected a TranscriptFormatError, but the import succeeded');
}

const chat = (messages: unknown[]) => JSON.stringify({ messages });

describe('importTranscript on broken files', () => {
  it('rejects an empty file', () => {
    const error = errorOf(() => importTranscript(new Uint8Array(), { file }));
    expect(error).toMatchObject({ file, location: 'line 1', expected: 'a JSON or JSON Lines transcript' });
    expect(error.message).toBe(
      `${file}: at line 1: expected a JSON or JSON Lines transcript, found an empty file`,
    );
  });

  it('rejects a file of whitespace', () => {
    expect(errorOf(() => importTranscript('\n  \n', { file })).message).toContain('found only whitespace');
  });

  it('says where truncated JSON ends, by line and column', () => {
    const text = '{\n  "messages": [\n    {"role": "user", "content": "hi"}';
    const error = errorOf(() => importTranscript(text, { file }));
    expect(error).toMatchObject({ file, location: 'line 3, column 38', expected: 'valid JSON' });
    expect(error.message).toContain('the JSON is truncated');
  });

  it('says where a syntax error is', () => {
    const error = errorOf(() =>
      importTranscript('{"messages": [\n  {"role": "user" "content": "hi"}]}', { file }),
    );
    expect(error.location).toBe('line 2, column 19');
    expect(error.message).toContain("Expected ',' or '}'");
  });

  it('names the JSON Lines line that does not parse', () => {
    const text = '{"role": "user", "content": "hi"}\n{"role": "assistant", "content": \n';
    const error = errorOf(() => importTranscript(text, { file: 'chat.jsonl' }));
    expect(error).toMatchObject({ file: 'chat.jsonl', location: 'line 2, column 33' });
  });

  it('lists the formats it tried, and what each expects, for JSON of an unknown shape', () => {
    const error = errorOf(() => importTranscript('{"results": [1, 2, 3]}', { file }));
    expect(UnknownTranscriptFormatError.isInstance(error)).toBe(true);
    if (!UnknownTranscriptFormatError.isInstance(error)) return;
    expect(error.location).toBe('$');
    expect(error.tried.map((tried) => tried.format).sort()).toEqual([...transcriptFormats].sort());
    expect(error.message).toContain('found an object with keys results');
    expect(error.message).toContain('  - tau-bench: tau-bench results: [{task_id, trial, reward, info, traj');
    expect(error.message).toContain('the `format` option');
    expect(error.message).not.toContain('--format');
  });

  it('points at a wrong shape inside a known format: messages[3].role is a number', () => {
    const text = chat([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 3, content: 'what?' },
    ]);
    const error = errorOf(() => importTranscript(text, { file }));
    expect(error).toMatchObject({ file, location: '$.messages[3].role' });
    expect(error.expected).toContain('"user"');
    expect(error.message).toContain('found a number (3)');
  });

  it('points at malformed tool calls with the full JSON path', () => {
    const text = chat([
      { role: 'user', content: 'ls' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 5 } }],
      },
    ]);
    const error = errorOf(() => importTranscript(text, { file }));
    expect(error).toMatchObject({
      location: '$.messages[1].tool_calls[0].function.name',
      expected: 'a string',
    });
  });

  it('rejects a tool result that answers no earlier call', () => {
    const text = chat([
      { role: 'user', content: 'ls' },
      { role: 'tool', tool_call_id: 'call_missing', content: 'a.txt' },
    ]);
    const error = errorOf(() => importTranscript(text, { file }));
    expect(error).toMatchObject({ location: '$.messages[1].tool_call_id' });
    expect(error.message).toContain('"call_missing", which no earlier assistant message calls');
  });

  it('reports invalid UTF-8 with the offset of the first bad byte', () => {
    const prefix = new TextEncoder().encode('{"messages": [{"role": "user", "content": "caf');
    const bytes = new Uint8Array([...prefix, 0xc3, 0x28, ...new TextEncoder().encode('"}]}')]);
    const error = errorOf(() => importTranscript(bytes, { file }));
    expect(error).toMatchObject({ file, location: `byte ${prefix.length + 1}`, expected: 'UTF-8 text' });
    expect(error.message).toContain('the byte 0x28');
  });

  it('reports a stray continuation byte at its own offset', () => {
    const bytes = new Uint8Array([0x5b, 0x22, 0x80, 0x22, 0x5d]);
    expect(errorOf(() => importTranscript(bytes, { file })).location).toBe('byte 2');
  });

  it('rejects a transcript with zero messages instead of returning an empty result', () => {
    const error = errorOf(() => importTranscript('{"messages": []}', { file }));
    expect(error).toMatchObject({ location: '$.messages', expected: 'at least 1 item' });
    expect(error.message).toContain('found an empty array');
  });

  it('rejects a mini-swe-agent run that holds only its exit message', () => {
    const text = JSON.stringify({
      trajectory_format: 'mini-swe-agent-1.1',
      messages: [{ role: 'exit', content: '', extra: { exit_status: 'Submitted' } }],
    });
    expect(errorOf(() => importTranscript(text, { file })).message).toContain('a run with no messages');
  });

  it('rejects a tau-bench file with no runs', () => {
    expect(errorOf(() => importTranscript('[]', { file, format: 'tau-bench' })).location).toBe('$');
  });
});

describe('importTranscript', () => {
  it('keeps unparseable tool-call arguments as the raw string', () => {
    const text = chat([
      { role: 'user', content: 'edit' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'edit', arguments: '{"path": "a.py", "new' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'error: bad arguments' },
    ]);
    const [run] = importTranscript(text, { file });
    expect(run?.messages[1]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'edit', input: '{"path": "a.py", "new' },
    ]);
  });

  it('uses the forced format even when another would be detected', () => {
    const text = chat([{ role: 'user', content: 'Hi' }]);
    expect(importTranscript(text, { file })[0]?.format).toBe('openai-chat');
    expect(importTranscript(text, { file, format: 'anthropic-messages' })[0]?.format).toBe(
      'anthropic-messages',
    );
  });

  it('imports a 50 MB tool output', () => {
    const output = `${'line of build log ✓ '.repeat(2_500_000)}`;
    const text = chat([
      { role: 'user', content: 'build it' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command": "make"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: output },
      { role: 'assistant', content: 'Built.' },
    ]);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(50_000_000);
    const [run] = importTranscript(bytes, { file: 'big.json' });
    const result = run?.messages[2];
    expect(
      result?.role === 'tool' && result.content[0]?.type === 'tool-result' && result.content[0].output,
    ).toEqual({
      type: 'text',
      value: output,
    });
  });

  it('reports a wrong shape in a 50 MB file without serialising the huge value', () => {
    const text = chat([
      { role: 'user', content: 'x'.repeat(50_000_000) },
      { role: 'assistant', content: 5 },
    ]);
    const error = errorOf(() => importTranscript(text, { file: 'big.json' }));
    expect(error.location).toBe('$.messages[1].content');
    expect(error.message.length).toBeLessThan(300);
  });
});
