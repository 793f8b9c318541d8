import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvestigator } from '../e2e/run-investigator.js';

const directory = mkdtempSync(join(tmpdir(), 'investigator-chat-cli-'));
const store = join(directory, 'store');
let id = '';
beforeAll(async () => {
  const file = join(directory, 'alert.json');
  writeFileSync(
    file,
    JSON.stringify({ rule: 'Instance role used from outside AWS', principal: 'BankingWAFRole' }),
  );
  const ingested = await runInvestigator(['new', file, '--schema', 'cloudtrail', '--json', '--store', store]);
  id = (JSON.parse(ingested.stdout) as { id: string }).id;
}, 120_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('investigator chat', () => {
  it('answers each line of standard input in one conversation, until /exit', async () => {
    const server = await startLoopbackProvider({
      replies: [{ text: 'ring.txt was taken.' }, { text: 'From 1.2.3.4.' }],
    });
    try {
      const run = await runInvestigator(
        [
          'chat',
          id,
          '--store',
          store,
          '--logs',
          join(directory, 'none.duckdb'),
          '--model',
          'openai-compatible:loopback',
          '--base-url',
          server.baseUrl,
        ],
        { input: 'What was taken?\n\nFrom where?\n/exit\nNever asked.\n' },
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('ring.txt was taken.\nFrom 1.2.3.4.\n');
      expect(run.stderr).toContain('tool "logs_run" is left out: no log database at');
      expect(run.stderr.match(/investigator: this answer/g)).toHaveLength(2);
      expect(server.requests).toHaveLength(2);
      expect(JSON.stringify(server.requests[1]?.body?.messages)).toContain('ring.txt was taken.');
      expect(JSON.stringify(server.requests)).not.toContain('Never asked.');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses to go on once the conversation’s budget is spent, and says so', async () => {
    const server = await startLoopbackProvider({ replies: [{ text: 'Anything else?' }] });
    try {
      const run = await runInvestigator([
        'chat',
        id,
        '--store',
        store,
        '--message',
        'Go on.',
        '--max-input-tokens',
        '10',
        '--model',
        'openai-compatible:loopback',
        '--base-url',
        server.baseUrl,
      ]);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/has spent its budget \(\d+ of 10 input tokens spent\)/);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('says what to do without a model', async () => {
    const run = await runInvestigator(['chat', id, '--store', store, '--message', 'Hi']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('chat needs a model: pass --model');
  }, 120_000);
});
