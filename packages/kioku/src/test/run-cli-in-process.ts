import { Console } from 'node:console';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { runKioku } from '../cli/run-kioku.js';
import type { CliRun } from './run-cli.js';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Runs `kioku <args>` in this process, as the built bin would from the repository root (`runKioku`, the
 * function `main.ts` calls) with the caller's environment: what it wrote to standard output and error,
 * and the exit code the process would have had (an error thrown out of it exits 1 with its stack on
 * standard error, as Node does). Each test file keeps a spawned run of the built bin (`runCli`) per
 * command; the others run here, sparing a Node start, the command's imports and PGlite's WebAssembly
 * compilation per run. Runs must not overlap: the process's console, standard streams, exit code and
 * working directory are the run's while it runs.
 */
export async function runCliInProcess(args: readonly string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = {
    console: globalThis.console,
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write,
    stdoutTty: Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'),
    stderrTty: Object.getOwnPropertyDescriptor(process.stderr, 'isTTY'),
    exitCode: process.exitCode,
    cwd: process.cwd(),
  };
  // The bin's standard streams are pipes to the test (not terminals): no colour, no progress bars.
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
      if (callback !== undefined) queueMicrotask(callback);
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  Object.defineProperty(process.stdout, 'isTTY', { value: undefined, configurable: true, writable: true });
  Object.defineProperty(process.stderr, 'isTTY', { value: undefined, configurable: true, writable: true });
  globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr, colorMode: false });
  process.exitCode = undefined;
  let status: number;
  try {
    process.chdir(repository);
    await runKioku(args);
    status = Number(process.exitCode ?? 0);
  } catch (error) {
    err.push(`${inspect(error)}\n`);
    status = 1;
  } finally {
    process.chdir(saved.cwd);
    process.exitCode = saved.exitCode;
    globalThis.console = saved.console;
    process.stdout.write = saved.stdoutWrite;
    process.stderr.write = saved.stderrWrite;
    restoreProperty(process.stdout, 'isTTY', saved.stdoutTty);
    restoreProperty(process.stderr, 'isTTY', saved.stderrTty);
  }
  return { status, stdout: out.join(''), stderr: err.join('') };
}

function restoreProperty(target: object, name: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor === undefined) Reflect.deleteProperty(target, name);
  else Object.defineProperty(target, name, descriptor);
}
