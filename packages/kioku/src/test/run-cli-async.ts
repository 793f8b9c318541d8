import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliRun } from './run-cli.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Options of {@link runCliAsync}. */
export interface RunCliAsyncOptions {
  /** Environment variables added to a clean environment (PATH and HOME kept; no keys of the caller leak in). */
  env?: Record<string, string>;
  /** Kill the CLI after this long; default 60 s. */
  timeoutMs?: number;
}

/**
 * Runs the built CLI (`npm run build` first) from the repository root without blocking the event loop,
 * so a server the test runs in the same process (the loopback provider) can answer it.
 */
export function runCliAsync(
  args: readonly string[],
  { env = {}, timeoutMs = 60_000 }: RunCliAsyncOptions = {},
): Promise<CliRun> {
  if (!existsSync(main))
    throw new Error(`${main} does not exist: run \`npm run build\` before the CLI tests`);
  const cwd = fileURLToPath(new URL('../../../../', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], { cwd, env: cleanEnvironment(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** A clean environment for a CLI run: PATH, HOME, TMPDIR and SYSTEMROOT of this process's, plus `env`. */
export function cleanEnvironment(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  return { ...base, ...env };
}
