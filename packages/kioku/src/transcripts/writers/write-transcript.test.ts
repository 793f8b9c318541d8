import { readFileSync } from 'node:fs';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { observationMasking } from '../../strategies/index.js';
import { summaryMessage } from '../../strategies/summarization/index.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { importTranscript } from '../index.js';
import { writeCompacted } from './write-transcript.js';

const fixtures = new URL('../__fixtures__/', import.meta.url);
const samples = new URL('../../../../../samples/', import.meta.url);

/** Messages without `providerOptions` (cache marks and kioku's own marks are not part of any format's text). */
const plain = (messages: readonly ModelMessage[]) =>
  JSON.parse(JSON.stringify(messages, (key, value) => (key === 'providerOptions' ? undefined : value)));

function roundTrip(file: string, compact = (messages: ModelMessage[]) => messages) {
  const text = readFileSync(file, 'utf8');
  const transcripts = importTranscript(text, { file });
  const compacted = transcripts.map((transcript) => compact(transcript.messages));
  const written = writeCompacted({ file, text, transcripts, compacted });
  const reread = importTranscript(written.text, {
    file: file.replace(/\.traj\.json$/, '.json'),
    format: written.format as never,
  });
  return { transcripts, compacted, written, reread };
}

describe('writeCompacted', () => {
  for (const name of [
    'openai-chat-string-content.json',
    'openai-chat-content-parts.json',
    'openai-chat-legacy-function-call.json',
    'openai-chat.jsonl',
    'anthropic-messages.json',
    'gemini-contents.json',
    'ai-sdk-messages.json',
  ]) {
    it(`writes ${name} back in its own format, reading back to the same conversation`, () => {
      const file = new URL(name, fixtures).pathname;
      const { transcripts, written, reread } = roundTrip(file);
      expect(written.note).toBeUndefined();
      expect(written.format).toBe(transcripts[0]?.format);
      expect(reread).toHaveLength(transcripts.length);
      reread.forEach((run, index) => {
        expect(plain(run.messages)).toEqual(plain(transcripts[index]?.messages ?? []));
        expect(run.tools).toEqual(transcripts[index]?.tools);
      });
    });
  }

  it('keeps the request’s other keys (model, tools, max_tokens) and writes JSON Lines as JSON Lines', () => {
    const anthropic = roundTrip(new URL('anthropic-messages.json', fixtures).pathname);
    const body = JSON.parse(anthropic.written.text);
    expect(body).toMatchObject({ model: 'claude-3-5-sonnet-20241022', max_tokens: 1024 });
    expect(body.tools).toHaveLength(2);
    const jsonl = roundTrip(new URL('openai-chat.jsonl', fixtures).pathname);
    expect(
      jsonl.written.text
        .trim()
        .split('\n')
        .every((line) => JSON.parse(line).role !== undefined),
    ).toBe(true);
  });

  it('writes a summary and masked outputs so they read back as they were', async () => {
    const file = new URL('soc-investigation.json', samples).pathname;
    const text = readFileSync(file, 'utf8');
    const [run] = importTranscript(text, { file });
    if (run === undefined) throw new Error('no run');
    const strategy = observationMasking({ keep: 2 });
    const masked = await strategy.apply({
      messages: run.messages,
      counter: quarterCounter(),
      budget: { contextWindow: 100_000 },
      state: strategy.initialState(),
    });
    const compacted = [
      ...masked.messages.slice(0, 2),
      summaryMessage('Alert 42: beaconing from 10.0.0.7 to 185.220.101.4.'),
      ...masked.messages.slice(2),
    ];
    const written = writeCompacted({ file, text, transcripts: [run], compacted: [compacted] });
    const [reread] = importTranscript(written.text, { file });
    expect(plain(reread?.messages ?? [])).toEqual(plain(compacted));
    expect(written.text).toContain('=== Previous Conversation Summary ===');
    expect(written.text).toContain('[Old ');
  });

  it('writes a format it cannot write back as OpenAI chat JSON, and says why', () => {
    const file = new URL('pydicom__pydicom-901.traj.json', samples).pathname;
    const { transcripts, written, reread } = roundTrip(file);
    expect(written.format).toBe('openai-chat');
    expect(written.note).toMatch(/mini-swe-agent cannot be written back faithfully .*OpenAI chat JSON/);
    expect(plain(reread[0]?.messages ?? [])).toEqual(plain(transcripts[0]?.messages ?? []));
  });
});
