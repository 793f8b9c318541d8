import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli.js';
import { runCliInProcess } from '../test/run-cli-in-process.js';

describe('kioku tokens', () => {
  it('compares counted with billed prompt tokens on the shipped samples, per model and overall', async () => {
    const { status, stdout } = runCli(['tokens', 'samples', '--json']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.overall.calls).toBe(61 + 17);
    expect(Object.keys(report.models).sort()).toEqual([
      'anthropic.claude-3-5-sonnet-20241022-v2:0',
      'deepseek-chat',
    ]);
    const deepseek = report.models['deepseek-chat'];
    expect(deepseek).toMatchObject({ calls: 61, family: 'deepseek-v3', exact: true });
    expect(deepseek.medianAbsErrorPct).toBeLessThan(2);
    expect(deepseek.naiveMedianAbsErrorPct).toBeGreaterThan(10);
    for (const key of ['calls', 'medianAbsErrorPct', 'p95AbsErrorPct', 'naiveMedianAbsErrorPct']) {
      expect(typeof report.overall[key]).toBe('number');
    }
  });

  it('prints per-file, per-model and overall tables', async () => {
    const { status, stdout } = await runCliInProcess(['tokens', 'samples']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Per file[\s\S]*pydicom__pydicom-901\.traj\.json\s+deepseek-v3\s+61/);
    expect(stdout).toMatch(/Per model[\s\S]*deepseek-chat/);
    expect(stdout).toMatch(/overall\s+78/);
  });

  it('names the broken file and where it broke, without a stack trace, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-cli-'));
    const file = join(dir, 'run.json');
    writeFileSync(file, '{"messages": [{"role": "user", "content": "hi"}');
    const { status, stderr } = await runCliInProcess(['tokens', file]);
    expect(status).toBe(1);
    expect(stderr).toContain(`${file}: at line 1`);
    expect(stderr).toContain('truncated');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('follows symbolic links to transcripts in a directory, reads each file once, and survives a link loop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-tokens-'));
    const real = mkdtempSync(join(tmpdir(), 'kioku-tokens-real-'));
    const pydicom = join(real, 'pydicom.traj.json');
    copyFileSync('samples/pydicom__pydicom-901.traj.json', pydicom);
    symlinkSync(pydicom, join(dir, 'linked.traj.json'));
    symlinkSync(pydicom, join(dir, 'again.traj.json'));
    symlinkSync(dir, join(dir, 'loop'));
    const run = await runCliInProcess(['tokens', dir, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).overall.calls).toBe(61);
    expect(run.stderr).toContain(
      `kioku: skipped ${join(dir, 'linked.traj.json')}: the same file as ${join(dir, 'again.traj.json')}, already read`,
    );
    expect(run.stderr).toContain(
      `kioku: skipped ${join(dir, 'loop')}: the same directory as ${dir}, already read`,
    );
  });

  it('reports a FIFO, a device or a deeply nested file in one line and counts the other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-tokens-'));
    copyFileSync('samples/pydicom__pydicom-901.traj.json', join(dir, 'pydicom.traj.json'));
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const deep = join(dir, 'deep.json');
    const nested = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    const input = JSON.stringify({ a: 1 }).replace('1', nested);
    writeFileSync(
      deep,
      JSON.stringify({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool-call', input }] },
        ],
      }).replace(JSON.stringify(input), input),
    );
    const run = spawnSync(
      process.execPath,
      ['packages/kioku/dist/cli/main.js', 'tokens', dir, '/dev/zero', '--json'],
      { encoding: 'utf8', timeout: 30_000, cwd: fileURLToPath(new URL('../../../../', import.meta.url)) },
    );
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).overall.calls).toBe(61);
    expect(run.stderr).toContain(`kioku: ${fifo}: a FIFO (named pipe), not a regular file\n`);
    expect(run.stderr).toContain('kioku: /dev/zero: a character device, not a regular file\n');
    expect(run.stderr).toMatch(
      new RegExp(
        `kioku: ${deep}: at line 1, column \\d+: expected JSON nested at most 1000 levels deep, found deeper nesting\\n`,
      ),
    );
    expect(run.stderr).not.toMatch(/\n\s+at |Maximum call stack/);
  });

  it('says what it read when a broken file sits beside transcripts that record no usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-tokens-'));
    writeFileSync(join(dir, 'broken.json'), '{bad');
    writeFileSync(
      join(dir, 'messages.json'),
      JSON.stringify([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    );
    const run = await runCliInProcess(['tokens', dir, '--model', 'gpt-4.1']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('broken.json: at line 1, column 2');
    expect(run.stderr).toContain('none of the 1 transcript(s) read records the prompt tokens of its calls');
  });

  it('says a missing path is missing', async () => {
    const { status, stderr } = await runCliInProcess(['tokens', 'no-such-dir']);
    expect(status).toBe(1);
    expect(stderr).toContain('no-such-dir: no such file or directory');
  });

  it('exits 2 on bad arguments and explains itself in --help', async () => {
    expect((await runCliInProcess(['tokens', 'samples', '--format', 'bogus'])).status).toBe(2);
    expect((await runCliInProcess(['tokens'])).status).toBe(2);
    const help = await runCliInProcess(['tokens', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('4-characters-per-token');
    expect(help.stdout).toContain('--model <id>');
  });
});
