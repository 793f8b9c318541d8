import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** What a finished CLI process left. */
export interface InvestigatorRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `investigator` CLI (`npm run build -w investigator` first) in a new process without
 * blocking the event loop, so the loopback provider the test serves can answer it. Only PATH, HOME and
 * TMPDIR of the caller's environment are passed on, plus `env`; `input` is written to standard input.
 */
export function runInvestigator(
  args: readonly string[],
  {
    env = {},
    input,
    timeoutMs = 120_000,
  }: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<InvestigatorRun> {
  if (!existsSync(main))
    throw new Error(`${main} does not exist: run \`npm run build -w investigator\` first`);
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], { env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin.end(input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
