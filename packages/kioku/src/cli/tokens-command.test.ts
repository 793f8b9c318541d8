import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli.js';

describe('kioku tokens', () => {
  it('compares counted with billed prompt tokens on the shipped samples, per model and overall', () => {
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

  it('prints per-file, per-model and overall tables', () => {
    const { status, stdout } = runCli(['tokens', 'samples']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Per file[\s\S]*pydicom__pydicom-901\.traj\.json\s+deepseek-v3\s+61/);
    expect(stdout).toMatch(/Per model[\s\S]*deepseek-chat/);
    expect(stdout).toMatch(/overall\s+78/);
  });

  it('names the broken file and where it broke, without a stack trace, and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-cli-'));
    const file = join(dir, 'run.json');
    writeFileSync(file, '{"messages": [{"role": "user", "content": "hi"}');
    const { status, stderr } = runCli(['tokens', file]);
    expect(status).toBe(1);
    expect(stderr).toContain(`${file}: at line 1`);
    expect(stderr).toContain('truncated');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('says a missing path is missing', () => {
    const { status, stderr } = runCli(['tokens', 'no-such-dir']);
    expect(status).toBe(1);
    expect(stderr).toContain('no-such-dir: no such file or directory');
  });

  it('exits 2 on bad arguments and explains itself in --help', () => {
    expect(runCli(['tokens', 'samples', '--format', 'bogus']).status).toBe(2);
    expect(runCli(['tokens']).status).toBe(2);
    const help = runCli(['tokens', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('4-characters-per-token');
    expect(help.stdout).toContain('--model <id>');
  });
});
