import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnknownTranscriptFormatError } from '../errors/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { type LoadedFile, loadTranscripts } from './load-transcripts.js';

describeWithTrajectories('loadTranscripts on the whole trajectory set', () => {
  it('reads every run, attaches the OpenHands usage log and skips the non-transcripts', async () => {
    const result = await loadTranscripts([trajectoriesDir]);
    expect(result.errors).toEqual([]);
    // tau2's solo-agent runs do not record the agent's prompt: read with their actions, and said so.
    const promptless = result.transcripts.filter((transcript) => transcript.promptMissing !== undefined);
    expect(new Set(promptless.map(({ file }) => file.slice(trajectoriesDir.length + 1)))).toEqual(
      new Set([
        expect.stringMatching(
          /^tau2-bench\/feature-gym\/ft_gpt-4\.1.*_telecom_no-user_gpt-4\.1_1trials\.json$/,
        ),
        'tau2-bench/feature-gym/gpt-4.1_telecom_no-user_gpt-4.1_1trials.json',
      ]),
    );
    expect(promptless).toHaveLength(80);
    const count: Record<string, number> = {};
    for (const transcript of result.transcripts)
      count[transcript.format] = (count[transcript.format] ?? 0) + 1;
    expect(count).toEqual({
      'openhands-completion': 50,
      'mini-swe-agent': 23,
      'swe-agent': 22,
      'tau-bench': 200,
      'tau2-bench': 280,
      'excytin-agent': 22,
      'excytin-env': 227,
      'bfcl-gold': 800,
    });
    const openHandsCalls = result.transcripts
      .filter((t) => t.format === 'openhands-completion')
      .reduce((sum, t) => sum + t.calls.length, 0);
    expect(openHandsCalls).toBe(1135);
    expect(result.supersededRows).toHaveLength(156);
    expect(result.skipped.map((s) => s.file.slice(trajectoriesDir.length + 1))).toEqual([
      'MANIFEST.json',
      expect.stringMatching(/metadata\.json$/),
      expect.stringMatching(/all_preds\.jsonl$/),
      // BFCL's tool docs; its gold answers are read as runs and its questions attached to them.
      ...Array.from({ length: 12 }, () => expect.stringMatching(/^bfcl\/multi-turn\/multi_turn_func_doc\//)),
      expect.stringMatching(/preds\.json$/),
      'tau2-bench/agent-prompt-and-tools.json',
    ]);
  });

  it('reports a non-transcript named explicitly, listing the formats tried', async () => {
    const manifest = join(trajectoriesDir, 'MANIFEST.json');
    const { transcripts, errors } = await loadTranscripts([manifest]);
    expect(transcripts).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(UnknownTranscriptFormatError.isInstance(errors[0]?.error)).toBe(true);
    expect(errors[0]?.error.message).toContain(`${manifest}: at $: found an array of`);
  });

  it('reads with a forced format and says why a file does not fit it', async () => {
    const file = join(
      trajectoriesDir,
      'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev/pvlib__pvlib-python-1072/pvlib__pvlib-python-1072.traj.json',
    );
    const { errors } = await loadTranscripts([file], { format: 'openai-chat' });
    expect(errors[0]?.error.message).toContain(
      'at $.messages[149].role: expected one of "system", "developer"',
    );
  });
});

describe('loadTranscripts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-load-'));
  mkdirSync(join(dir, 'nested'));
  writeFileSync(join(dir, 'good.json'), JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }] }));
  writeFileSync(join(dir, 'nested', 'broken.json'), '{"messages": [');
  writeFileSync(join(dir, 'nested', 'predictions.json'), JSON.stringify({ a: { patch: '' } }));
  writeFileSync(join(dir, 'notes.txt'), 'not a candidate');

  it('loads the good files of a directory tree, reporting the broken one and skipping the rest', async () => {
    const events: LoadedFile[] = [];
    const result = await loadTranscripts([dir], { onFile: (event) => events.push(event) });
    expect(result.transcripts.map((t) => t.file)).toEqual([join(dir, 'good.json')]);
    expect(result.errors.map((e) => e.file)).toEqual([join(dir, 'nested', 'broken.json')]);
    expect(result.errors[0]?.error.message).toContain('line 1, column 15');
    expect(result.skipped.map((s) => s.file)).toEqual([join(dir, 'nested', 'predictions.json')]);
    expect(events.map((e) => e.status)).toEqual(['transcripts', 'failed', 'skipped']);
  });

  it('reports a path that does not exist instead of throwing', async () => {
    const result = await loadTranscripts([join(dir, 'missing.json')]);
    expect(result.errors[0]?.error.message).toContain('ENOENT');
  });
});
