import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli.js';

interface OverWindowRow {
  name: string;
  calls: number;
  peakContextTokens: number;
  callsOverWindow: number;
  violations: number;
}

/** A hand-made OpenAI chat run: 8 tool calls, each answered by about 1,000 tokens of log lines. */
function handMadeRun(): string {
  const log = (step: number) =>
    Array.from(
      { length: 60 },
      (_, line) => `2025-03-0${step % 9} host-${line} sshd[${step}${line}]: accepted`,
    ).join('\n');
  const messages: unknown[] = [
    { role: 'system', content: 'You are a SOC analyst.' },
    { role: 'user', content: 'Who logged in to the bastion host last week?' },
  ];
  for (let step = 0; step < 8; step += 1) {
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `call_${step}`,
            type: 'function',
            function: { name: 'read_log', arguments: `{"day":${step}}` },
          },
        ],
      },
      { role: 'tool', tool_call_id: `call_${step}`, content: log(step) },
    );
  }
  messages.push({ role: 'assistant', content: 'Eight accounts logged in; none was unexpected.' });
  const file = join(mkdtempSync(join(tmpdir(), 'kioku-over-window-')), 'run.json');
  writeFileSync(file, JSON.stringify({ model: 'gpt-4o', messages }));
  return file;
}

const rows = (stdout: string) => JSON.parse(stdout).strategies as OverWindowRow[];

describe('kioku analyze: calls over the window', () => {
  const file = handMadeRun();

  it('counts, per strategy, the calls whose prompt is over --window, apart from violations', () => {
    const wide = runCli(['analyze', file, '--strategies', 'kioku-default', '--json']);
    expect(wide.status).toBe(0);
    const [plain] = rows(wide.stdout);
    expect(plain).toMatchObject({ name: 'unmanaged', calls: 9, callsOverWindow: 0 });

    // A window a little over half the unmanaged peak: the later unmanaged calls do not fit in it.
    const window = Math.round((plain?.peakContextTokens ?? 0) * 0.55);
    const narrow = runCli([
      'analyze',
      file,
      '--strategies',
      'kioku-default',
      '--window',
      String(window),
      '--json',
    ]);
    expect(narrow.status).toBe(0);
    const [unmanaged, managed] = rows(narrow.stdout);
    expect(unmanaged?.peakContextTokens).toBeGreaterThan(window);
    expect(unmanaged?.callsOverWindow).toBeGreaterThanOrEqual(3);
    expect(unmanaged?.callsOverWindow).toBeLessThan(9);
    expect(unmanaged?.violations).toBe(0);
    expect(managed?.callsOverWindow).toBeLessThan(unmanaged?.callsOverWindow ?? 0);

    const table = runCli(['analyze', file, '--strategies', 'kioku-default', '--window', String(window)]);
    expect(table.stdout).toMatch(/over window\s+violations/);
    expect(table.stdout).toMatch(
      new RegExp(`^unmanaged\\s+9\\s.*\\s${unmanaged?.callsOverWindow}\\s+0$`, 'm'),
    );
  });
});
