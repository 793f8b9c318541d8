import { describe, expect, it } from 'vitest';
import { chatEventChunks } from './chat-event-chunks.js';

describe('chatEventChunks', () => {
  it('streams text parts, tool calls updated in place and progress lines, in order', () => {
    const stream = chatEventChunks();
    const chunks = [
      ...stream.chunks({ type: 'text-delta', text: 'Let me look. ' }),
      ...stream.chunks({
        type: 'tool-call',
        toolName: 'logs_run',
        toolCallId: 'c1',
        arguments: '{"query":"x"}',
      }),
      ...stream.chunks({
        type: 'sub-agent',
        toolCallId: 'c1',
        progress: { type: 'sub-agent-start', agent: 'logs_run', task: 'x' } as never,
      }),
      ...stream.chunks({ type: 'tool-result', toolName: 'logs_run', toolCallId: 'c1' }),
      ...stream.chunks({ type: 'step-end', usage: {} as never }),
      ...stream.chunks({ type: 'text-delta', text: 'Found it.' }),
      ...stream.end(),
    ];
    expect(chunks).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Let me look. ' },
      { type: 'text-end', id: 'text-1' },
      {
        type: 'data-tool',
        id: 'c1',
        data: { toolName: 'logs_run', arguments: '{"query":"x"}', state: 'running' },
      },
      {
        type: 'data-progress',
        id: 'progress-2',
        data: { kind: 'sub-agent', text: 'logs_run started', toolCallId: 'c1' },
      },
      {
        type: 'data-tool',
        id: 'c1',
        data: { toolName: 'logs_run', arguments: '{"query":"x"}', state: 'done' },
      },
      { type: 'text-start', id: 'text-3' },
      { type: 'text-delta', id: 'text-3', delta: 'Found it.' },
      { type: 'text-end', id: 'text-3' },
    ]);
    expect(stream.end()).toEqual([]);
  });

  it('marks a failed tool call with its error', () => {
    const stream = chatEventChunks();
    stream.chunks({ type: 'tool-call', toolName: 'intel_lookup', toolCallId: 'i1', arguments: '{}' });
    expect(
      stream.chunks({
        type: 'tool-result',
        toolName: 'intel_lookup',
        toolCallId: 'i1',
        error: 'OTX refused the key',
      }),
    ).toEqual([
      {
        type: 'data-tool',
        id: 'i1',
        data: { toolName: 'intel_lookup', arguments: '{}', state: 'failed', error: 'OTX refused the key' },
      },
    ]);
  });
});
