import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptFormatError } from '../errors/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { attachUsageLog } from './attach-usage-log.js';
import { importTranscript } from './import-transcript.js';
import { readUsageLog } from './read-usage-log.js';
import type { Transcript } from './transcript.js';
import type { UsageLogRow } from './usage-log-row.js';

const runDir = join(
  trajectoriesDir,
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
);
const logFile = join(
  trajectoriesDir,
  'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl',
);

describeWithTrajectories('attachUsageLog on the OpenHands run', () => {
  const files = readdirSync(runDir).map((name) => join(runDir, name));
  const transcripts = files.flatMap((file) => importTranscript(readFileSync(file), { file }));
  const rows = readUsageLog(readFileSync(logFile, 'utf8'), { file: logFile });
  const attached = attachUsageLog(transcripts, rows);

  it('reads the 1,291 calls of 50 instances', () => {
    expect(rows).toHaveLength(1291);
    expect(new Set(rows.map((row) => row.instance_id)).size).toBe(50);
    expect(rows[0]).toMatchObject({
      instance_id: 'astropy__astropy-12907',
      call_idx: 0,
      line: 1,
      file: logFile,
    });
  });

  it('attaches the 1,135 calls of each last attempt and sets aside 156 calls of 11 restarted instances', () => {
    expect(attached.transcripts.reduce((sum, t) => sum + t.calls.length, 0)).toBe(1135);
    expect(attached.supersededRows).toHaveLength(156);
    expect(new Set(attached.supersededRows.map((row) => row.instance_id)).size).toBe(11);
    expect(attached.unmatchedRows).toEqual([]);
  });

  it('ends each transcript with the call its file recorded', () => {
    attached.transcripts.forEach((transcript, index) => {
      const own = transcripts[index]?.calls[0];
      const last = transcript.calls.at(-1);
      expect(last?.messageCount).toBe(own?.messageCount);
      expect(last?.usage?.promptTokens).toBe(own?.usage?.promptTokens);
      expect(last?.timestamp).toBeCloseTo(own?.timestamp ?? 0, 3);
    });
  });

  it('maps a call row onto usage: cache reads and writes, cost, timestamp, and the model of the run', () => {
    const first = attached.transcripts.find((t) => t.id === 'astropy__astropy-12907')?.calls[0];
    expect(first).toEqual({
      messageCount: 2,
      model: 'claude-3-5-sonnet-20241022',
      usage: {
        promptTokens: 2154,
        completionTokens: 118,
        cacheReadTokens: 1348,
        cacheWriteTokens: 803,
        cost: 0.008232,
      },
      timestamp: 1733339377.211651,
    });
  });

  it('confirms the last attempts are append-only: every prompt is a prefix of the last one', () => {
    // The log's prompt_chars is Python's len(json.dumps(messages)) of that call's prompt. A prefix of the
    // last prompt reproduces it exactly, up to the 40-character `"cache_control": {"type": "ephemeral"}`
    // markers OpenHands moves to the newest messages on every call (2 to 4 of them).
    const markerLength = ', "cache_control": {"type": "ephemeral"}'.length;
    const sources = new Map(files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8')).messages]));
    const markerCounts = new Set<number>();
    for (const transcript of attached.transcripts) {
      const source = sources.get(transcript.file).map(withoutCacheControl);
      for (const row of rowsOf(transcript, rows, attached.supersededRows)) {
        const extra = (row.prompt_chars ?? 0) - pythonJsonLength(source.slice(0, row.n_messages_in_prompt));
        expect(extra % markerLength, `${row.instance_id} call ${row.call_idx}`).toBe(0);
        markerCounts.add(extra / markerLength);
      }
    }
    expect([...markerCounts].sort()).toEqual([2, 3, 4]);
  });

  it('finds that the superseded attempts are not prefixes of the final transcript', () => {
    const sources = new Map(files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8')).messages]));
    const mismatched = attached.supersededRows.filter((row) => {
      const transcript = attached.transcripts.find((t) => t.id === row.instance_id);
      const source = transcript && sources.get(transcript.file).map(withoutCacheControl);
      const extra = (row.prompt_chars ?? 0) - pythonJsonLength(source.slice(0, row.n_messages_in_prompt));
      return extra % 40 !== 0 || extra < 0 || extra > 160;
    });
    expect(mismatched.length).toBeGreaterThan(130);
  });
});

describe('attachUsageLog', () => {
  const transcript: Transcript = {
    format: 'openhands-completion',
    file: 'run.json',
    id: 'task-1',
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'done' },
    ],
    calls: [{ messageCount: 2 }],
  };
  const row = (line: number, callIndex: number, messages: number): UsageLogRow => ({
    file: 'usage.jsonl',
    line,
    instance_id: 'task-1',
    call_idx: callIndex,
    n_messages_in_prompt: messages,
    prompt_tokens: 100,
  });

  it('rejects a row whose prompt has more messages than the transcript, naming the row', () => {
    const attempt = () => attachUsageLog([transcript], [row(1, 0, 2), row(2, 1, 4)]);
    expect(attempt).toThrow(TranscriptFormatError);
    expect(attempt).toThrow(
      expect.objectContaining({
        file: 'usage.jsonl',
        location: 'line 2: $.n_messages_in_prompt',
        expected: 'at most 3, the messages of task-1 in run.json',
      }),
    );
  });

  it('leaves transcripts without rows alone and reports rows without a transcript', () => {
    const other = { ...row(1, 0, 2), instance_id: 'task-2' };
    const result = attachUsageLog([transcript], [other]);
    expect(result.transcripts[0]).toBe(transcript);
    expect(result.unmatchedRows).toEqual([other]);
  });
});

function rowsOf(transcript: Transcript, rows: readonly UsageLogRow[], superseded: readonly UsageLogRow[]) {
  return rows.filter((row) => row.instance_id === transcript.id && !superseded.includes(row));
}

function withoutCacheControl(message: Record<string, unknown>): Record<string, unknown> {
  const { cache_control: _, ...rest } = message;
  if (!Array.isArray(rest.content)) return rest;
  return { ...rest, content: rest.content.map(({ cache_control: __, ...part }) => part) };
}

/** Length of Python's `json.dumps(value)`: `", "` and `": "` separators, non-ASCII escaped as \uXXXX. */
function pythonJsonLength(value: unknown): number {
  if (typeof value === 'string') {
    let nonAscii = 0;
    for (let i = 0; i < value.length; i += 1) if (value.charCodeAt(i) > 0x7f) nonAscii += 1;
    return JSON.stringify(value).length + 5 * nonAscii;
  }
  if (Array.isArray(value)) {
    return (
      2 +
      value.reduce((sum: number, item) => sum + pythonJsonLength(item), 0) +
      2 * Math.max(0, value.length - 1)
    );
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const inner = entries.reduce(
      (sum, [key, item]) => sum + pythonJsonLength(key) + 2 + pythonJsonLength(item),
      0,
    );
    return 2 + inner + 2 * Math.max(0, entries.length - 1);
  }
  return value === null ? 4 : String(value).length;
}
