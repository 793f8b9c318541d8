import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from './load-scenarios.js';

const shipped = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-scenarios-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A directory holding `files`. */
function folder(name: string, files: Record<string, unknown>): string {
  const path = join(directory, name);
  mkdirSync(path, { recursive: true });
  for (const [file, value] of Object.entries(files)) {
    writeFileSync(join(path, file), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return path;
}

const valid = {
  id: 'one',
  title: 'One',
  source: 'a log',
  alert: { schema: 'sysmon', raw: { rule: 'x' } },
  questions: [{ ask: 'What?', expect: ['x'] }],
};

describe('loadScenarios', () => {
  it('loads the shipped scenarios: the LSASS dump, Log4Shell, the S3 exfiltration and the WebDAV upload', async () => {
    const scenarios = await loadScenarios(shipped);
    expect(scenarios.map((scenario) => scenario.id)).toEqual([
      'log4shell-ubuntu5',
      'lsass-mkt01',
      's3-exfiltration',
      'webdav-upload-network',
    ]);
  });

  it('names the file, the JSON path and the problem', async () => {
    await expect(
      loadScenarios(
        folder('bad-question', { 'a.json': { ...valid, questions: [{ ask: 'What?', expect: [] }] } }),
      ),
    ).rejects.toThrow(/a.json: at questions.0.expect: /);
    await expect(loadScenarios(folder('not-json', { 'b.json': '{ "id": ' }))).rejects.toThrow(
      /b.json: not JSON/,
    );
    await expect(loadScenarios(folder('empty', {}))).rejects.toThrow(/no \*.json file in this directory/);
    await expect(loadScenarios(join(directory, 'missing'))).rejects.toThrow(/cannot read the directory/);
  });

  it('refuses two scenarios with one id', async () => {
    await expect(loadScenarios(folder('twice', { 'a.json': valid, 'b.json': valid }))).rejects.toThrow(
      /b.json: the id "one" is used by another scenario/,
    );
  });
});
