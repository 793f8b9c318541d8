import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { expect, it } from 'vitest';
import { TranscriptFormatError } from '../errors/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { importTranscript } from './import-transcript.js';
import { loadTranscripts } from './load-transcripts.js';
import { miniSweAgentImporter } from './mini-swe-agent-importer.js';

const runs = join(trajectoriesDir, 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev');
const pvlib = join(runs, 'pvlib__pvlib-python-1072/pvlib__pvlib-python-1072.traj.json');

describeWithTrajectories('miniSweAgentImporter on the deepseek-chat runs', () => {
  it('reads pvlib__pvlib-python-1072: 149 messages (the exit message dropped), 74 calls with usage', () => {
    const [run] = importTranscript(readFileSync(pvlib), { file: pvlib });
    expect(run?.format).toBe('mini-swe-agent');
    expect(run?.id).toBe('pvlib__pvlib-python-1072');
    expect(run?.model).toBe('deepseek-chat');
    expect(run?.messages).toHaveLength(149);
    expect(run?.messages.map((m) => m.role).slice(0, 4)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(run?.calls).toHaveLength(74);
    expect(run?.calls.every((call) => call.usage !== undefined && call.model === 'deepseek-chat')).toBe(true);
    expect(run?.calls[0]).toMatchObject({
      messageCount: 2,
      usage: { promptTokens: 2182, completionTokens: 89, cacheReadTokens: 320 },
    });
    expect(run?.calls.at(-1)).toMatchObject({
      messageCount: 148,
      usage: { promptTokens: 34557, completionTokens: 78, cacheReadTokens: 32256 },
    });
  });

  it('turns the bash tool calls into tool-call parts with parsed input, answered by tool-results', () => {
    const [run] = importTranscript(readFileSync(pvlib), { file: pvlib });
    const assistant = run?.messages[2];
    expect(assistant?.role).toBe('assistant');
    expect(assistant?.content).toEqual([
      expect.objectContaining({ type: 'text' }),
      expect.objectContaining({ type: 'tool-call', toolName: 'bash', input: { command: 'pwd && ls -la' } }),
    ]);
    expect(run?.messages[3]).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolName: 'bash', output: { type: 'text' } }],
    });
  });

  it('reads all 23 runs: one call per API call the run reports, costs adding up to the run cost', async () => {
    const { transcripts, errors } = await loadTranscripts([runs]);
    expect(errors).toEqual([]);
    expect(transcripts).toHaveLength(23);
    expect(transcripts.reduce((sum, t) => sum + t.messages.length, 0)).toBe(3709);
    for (const transcript of transcripts) {
      const info = JSON.parse(readFileSync(transcript.file, 'utf8')).info.model_stats;
      expect(transcript.calls).toHaveLength(info.api_calls);
      const cost = transcript.calls.reduce((sum, call) => sum + (call.usage?.cost ?? 0), 0);
      expect(cost).toBeCloseTo(info.instance_cost, 9);
    }
  });
});

it('reports a message whose role is a number at its JSON path', () => {
  const value = {
    trajectory_format: 'mini-swe-agent-1.1',
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Fix the bug.' },
      { role: 'assistant', content: 'Looking.', tool_calls: [] },
      { role: 7, content: 'oops' },
    ],
  };
  const attempt = () => miniSweAgentImporter().read(value, { file: 'run.traj.json' });
  expect(attempt).toThrow(TranscriptFormatError);
  expect(attempt).toThrow(
    expect.objectContaining({
      file: 'run.traj.json',
      location: '$.messages[3].role',
      expected: expect.stringContaining('"assistant"'),
    }),
  );
});

describeWithTrajectories('miniSweAgentImporter on a deepseek-reasoner run', () => {
  it('keeps reasoning_content as a reasoning part, which DeepSeek bills when it is sent back', () => {
    // The pvlib run as deepseek-reasoner records it: reasoning_content on each assistant message.
    const run = JSON.parse(readFileSync(pvlib, 'utf8'));
    for (const message of run.messages) {
      if (message.role === 'assistant') message.reasoning_content = 'Let me look at the repository first.';
    }
    const [plain] = miniSweAgentImporter().read(JSON.parse(readFileSync(pvlib, 'utf8')), { file: pvlib });
    const [reasoner] = miniSweAgentImporter().read(run, { file: pvlib });
    const assistant = reasoner?.messages[2];
    expect(assistant?.content).toEqual([
      { type: 'reasoning', text: 'Let me look at the repository first.' },
      expect.objectContaining({ type: 'text' }),
      expect.objectContaining({ type: 'tool-call', toolName: 'bash' }),
    ]);
    const counter = counterForModel('deepseek-reasoner');
    const prompt = (messages: ModelMessage[] = []) => counter.countPrompt({ messages });
    const reasoningTokens = counter.countText('Let me look at the repository first.') + 1;
    expect(prompt(reasoner?.messages.slice(0, 4))).toBe(
      prompt(plain?.messages.slice(0, 4)) + reasoningTokens,
    );
  });
});
