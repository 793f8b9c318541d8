import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatSessionExport } from '../sessions/format-session-export.js';
import { detectFormat } from './detect-format.js';
import { importTranscript } from './import-transcript.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
// The first 8 messages of mini-swe-agent's pvlib__pvlib-python-1072 run, as kioku imports them.
const messages = JSON.parse(readFileSync(fixture('ai-sdk-messages.json'), 'utf8'));

describe('kiokuSessionExportImporter', () => {
  it('reads both export forms to the session’s original messages, id and model', () => {
    for (const name of ['kioku-session-export.json', 'kioku-session-export.jsonl']) {
      const file = fixture(name);
      const [run] = importTranscript(readFileSync(file), { file });
      expect(run?.format).toBe('kioku-session-export');
      expect(run?.id).toBe('pvlib-pvlib__pvlib-python-1072');
      expect(run?.model).toBe('deepseek-chat');
      expect(run?.messages).toEqual(messages);
    }
  });

  it('reads what formatSessionExport writes', () => {
    const created = new Date(0);
    const exported = {
      session: {
        id: 's1',
        metadata: {},
        messageCount: 2,
        viewCount: 0,
        createdAt: created,
        updatedAt: created,
      },
      messages: messages.slice(0, 2),
      views: [],
    };
    for (const format of ['json', 'jsonl'] as const) {
      const text = formatSessionExport(exported, { format });
      expect(
        detectFormat(
          format === 'json'
            ? JSON.parse(text)
            : text
                .trim()
                .split('\n')
                .map((line) => JSON.parse(line)),
          'x',
        ),
      ).toBe('kioku-session-export');
      const [run] = importTranscript(text, { file: `s1.${format}` });
      expect(run?.messages).toEqual(messages.slice(0, 2));
    }
  });

  it('says what is missing from an export without messages', () => {
    const text = '{"type":"session","format":"kioku.session-export/1","session":{"id":"s","metadata":{}}}\n';
    expect(() => importTranscript(text, { file: 's.jsonl' })).toThrow(
      /at least one \{type: "message"\} record/,
    );
  });
});
