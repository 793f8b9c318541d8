import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { Transcript } from '../transcripts/transcript.js';
import { createBytesCounter } from './bytes-counter.js';
import { compareWithRecorded, type RecordedComparison } from './compare-with-recorded.js';
import { summarizeErrors } from './summarize-errors.js';

const miniSweAgent = 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev';
const openHands = [
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
  'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl',
];

describe('compareWithRecorded', () => {
  it('counts the prompt of each call with usage, adding unrecorded tools per format', () => {
    const transcript: Transcript = {
      format: 'mini-swe-agent',
      file: 'run.traj.json',
      id: 'run',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Fix the bug.' },
      ],
      calls: [{ messageCount: 2, model: 'deepseek-chat', usage: { promptTokens: 400 } }, { messageCount: 2 }],
    };
    const [row, ...rest] = compareWithRecorded([transcript], { unrecordedTools: () => 7 });
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ file: 'run.traj.json', id: 'run', callIndex: 0, model: 'deepseek-chat' });
    expect(row?.family).toBe('deepseek-v3');
    expect(row?.unrecordedToolTokens).toBe(7);
    expect(row?.naive).toBe(Math.ceil(('You are a helpful assistant.'.length + 'Fix the bug.'.length) / 4));
    // By default only a run that calls tools is assumed to have sent definitions it did not record.
    expect(compareWithRecorded([transcript])[0]?.unrecordedToolTokens).toBe(0);
  });
});

// Both sets are loaded and tokenized once for all the tests below.
describeWithTrajectories('counters on the recorded usage', () => {
  let deepseek: RecordedComparison[] = [];
  let claude: RecordedComparison[] = [];
  let claudeRuns: Transcript[] = [];
  let supersededCalls = 0;

  beforeAll(async () => {
    const deepSeekSet = await loadTranscripts([join(trajectoriesDir, miniSweAgent)]);
    const claudeSet = await loadTranscripts(openHands.map((path) => join(trajectoriesDir, path)));
    claudeRuns = claudeSet.transcripts;
    supersededCalls = claudeSet.supersededRows.length;
    deepseek = compareWithRecorded(deepSeekSet.transcripts);
    claude = compareWithRecorded(claudeRuns);
  });

  it('deepseek-chat (mini-swe-agent): median ≤ 2%, p95 ≤ 5%, far better than characters / 4', () => {
    const summary = summarizeErrors(deepseek);
    expect(summary.calls).toBe(1843);
    expect(new Set(deepseek.map((row) => row.family))).toEqual(new Set(['deepseek-v3']));
    expect(summary.medianAbsErrorPct).toBeLessThanOrEqual(2);
    expect(summary.p95AbsErrorPct).toBeLessThanOrEqual(5);
    expect(summary.naiveMedianAbsErrorPct).toBeGreaterThan(10);
  });

  it('claude-3.5-sonnet (OpenHands): median ≤ 5%, p95 ≤ 8% on every call whose prompt is in the data', () => {
    const summary = summarizeErrors(claude);
    // 1,291 logged calls; those of abandoned earlier attempts are not prefixes of the final transcript.
    expect(summary.calls + supersededCalls).toBe(1291);
    expect(new Set(claude.map((row) => row.family))).toEqual(new Set(['claude']));
    expect(summary.medianAbsErrorPct).toBeLessThanOrEqual(5);
    expect(summary.p95AbsErrorPct).toBeLessThanOrEqual(8);
    expect(summary.naiveMedianAbsErrorPct).toBeGreaterThan(15);
  });

  it('the bytes estimate beats characters / 4 and says it is an estimate', () => {
    const rows = compareWithRecorded(claudeRuns, { counter: createBytesCounter() });
    const summary = summarizeErrors(rows);
    expect(rows.every((row) => !row.exact)).toBe(true);
    expect(summary.medianAbsErrorPct).toBeLessThan(summary.naiveMedianAbsErrorPct / 3);
  });
});
