import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli.js';

describe('kioku analyze', () => {
  it('replays the generated SOC sample through every strategy when given no path', () => {
    const { status, stdout } = runCli(['analyze']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/1 transcript\(s\), 29 calls, priced as claude-sonnet-4-20250514/);
    expect(stdout).toMatch(/^unmanaged\s+29\s+[\d,]+\s+1\.00×/m);
    expect(stdout).toMatch(/^kioku-default \*\s+29/m);
    for (const name of ['naive-masking-10', 'langchain-context-editing', 'ai-sdk-prune-messages']) {
      expect(stdout).toContain(name);
    }
    expect(stdout).toContain("* kioku's default");
  });

  it('prints JSON with ratios per strategy and names the default', () => {
    const { status, stdout } = runCli(['analyze', '--json', '--pricing', 'anthropic-style']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.kiokuDefault).toBe('kioku-default');
    expect(report.baseline).toBe('unmanaged');
    expect(report.pricing).toEqual(['anthropic-style (claude-sonnet-4-20250514 input price)']);
    expect(report.strategies.map((strategy: { name: string }) => strategy.name)).toEqual([
      'unmanaged',
      'kioku-default',
      'naive-masking-10',
      'langchain-context-editing',
      'ai-sdk-prune-messages',
      'anthropic-clear-tool-uses',
      'openhands-masking-100',
      'swe-agent-last-5',
    ]);
    for (const strategy of report.strategies) {
      for (const key of [
        'inputTokensRatio',
        'costNoCacheRatio',
        'costCachedRatio',
        'violations',
        'overheadMsP95',
      ]) {
        expect(typeof strategy[key]).toBe('number');
      }
      expect(strategy.default).toBe(strategy.name === 'kioku-default');
    }
    expect(report.strategies[0].inputTokensRatio).toBe(1);
  });

  it('writes a self-contained HTML report for the strategies chosen', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-analyze-')), 'report.html');
    const { status, stdout, stderr } = runCli([
      'analyze',
      'samples/pydicom__pydicom-901.traj.json',
      '--strategies',
      'kioku-default,swe-agent-last-5',
      '--report',
      file,
    ]);
    expect(status).toBe(0);
    expect(stderr).toContain(`report written to ${file}`);
    expect(stdout).toMatch(/^swe-agent-last-5\s+61/m);
    expect(stdout).not.toContain('naive-masking-10');
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<canvas id="context-chart">');
    expect(html).toContain('pydicom__pydicom-901');
  });

  it('exits 2 on bad arguments, 1 on an unknown model or unreadable file', () => {
    expect(runCli(['analyze', '--strategies', 'bogus']).status).toBe(2);
    expect(runCli(['analyze', '--window', '0']).status).toBe(2);
    const unknown = runCli(['analyze', '--model', 'no-such-model']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown model "no-such-model"');
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    const broken = join(dir, 'run.json');
    writeFileSync(broken, '{"messages": [');
    expect(runCli(['analyze', broken]).status).toBe(1);
    const help = runCli(['analyze', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('anthropic-style');
  });
});
