import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptFormatError } from '../errors/index.js';
import { validateHistory } from '../messages/index.js';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { attachBfclQuestions } from './attach-bfcl-questions.js';
import { bfclGoldImporter } from './bfcl-gold-importer.js';
import { loadTranscripts } from './load-transcripts.js';

const rows = [
  {
    id: 'multi_turn_base_0',
    ground_truth: [["cd(folder='document')", "mkdir(dir_name='temp')"], [], ["sort('report.pdf')"]],
  },
];

describe('bfclGoldImporter', () => {
  it('turns each turn into a user message and its gold calls, with parsed arguments', () => {
    const [run] = bfclGoldImporter().read(rows, { file: 'answers.json', lines: [1] });
    expect(run?.id).toBe('multi_turn_base_0');
    expect(validateHistory(run?.messages ?? [])).toEqual([]);
    const calls = run?.messages.flatMap((m) =>
      m.role === 'assistant' && typeof m.content !== 'string' ? m.content : [],
    );
    expect(calls).toMatchObject([
      { type: 'tool-call', toolName: 'cd', input: { folder: 'document' } },
      { type: 'tool-call', toolName: 'mkdir', input: { dir_name: 'temp' } },
      { type: 'tool-call', toolName: 'sort', input: { arg0: 'report.pdf' } },
    ]);
    expect(run?.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      '[BFCL turn 1]',
      '[BFCL turn 2]',
      '[BFCL turn 3]',
    ]);
  });

  it('attaches the question text of each turn', () => {
    const runs = bfclGoldImporter().read(rows, { file: 'answers.json' });
    const [run] = attachBfclQuestions(runs, [
      {
        id: 'multi_turn_base_0',
        question: [
          [{ role: 'user', content: 'Go to document' }],
          [{ role: 'user', content: 'Nothing' }],
          [{ role: 'user', content: 'Sort it' }],
        ],
      },
    ]);
    expect(run?.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'Go to document',
      'Nothing',
      'Sort it',
    ]);
  });

  it('names the line and the call that is not Python', () => {
    const broken = [{ id: 'x', ground_truth: [['cd(folder=document)']] }];
    expect(() => bfclGoldImporter().read(broken, { file: 'answers.json', lines: [7] })).toThrow(
      TranscriptFormatError,
    );
    expect(() => bfclGoldImporter().read(broken, { file: 'answers.json', lines: [7] })).toThrow(
      /line 7\.ground_truth\[0\]\[0\]/,
    );
  });
});

describeWithTrajectories('BFCL multi-turn gold on the real files', () => {
  it('reads the four variants with their questions attached', async () => {
    const { transcripts, errors } = await loadTranscripts([join(trajectoriesDir, 'bfcl/multi-turn')]);
    expect(errors).toEqual([]);
    const gold = transcripts.filter((t) => t.format === 'bfcl-gold');
    expect(gold).toHaveLength(800);
    const calls = gold.flatMap((t) => t.messages.filter((m) => m.role === 'assistant'));
    expect(calls).toHaveLength(4625);
    expect(
      gold.every((t) =>
        t.messages.every((m) => m.role !== 'user' || !String(m.content).startsWith('[BFCL turn')),
      ),
    ).toBe(true);
  });
});
