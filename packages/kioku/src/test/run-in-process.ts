import { Console } from 'node:console';
import { inspect } from 'node:util';

/** What a command run wrote to standard output and error, and the exit code its process would have had. */
export interface ProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runInProcess}. */
export interface RunInProcessOptions {
  /** The working directory during the run (default: this process's). */
  cwd?: string;
  /**
   * The whole environment during the run, instead of this process's (as a spawned child given `env`
   * sees only it). Default: this process's environment.
   */
  env?: Record<string, string>;
}

/**
 * Runs a CLI's entry function (`run`, what its bin calls with the command line) in this process, as a
 * spawned process of the bin would run it with its standard streams piped: what it wrote to
 * `process.stdout`, `process.stderr` and the console, and its exit code — `process.exitCode` when it
 * returns, or 1 when it throws (the error then printed to standard error, as Node does). The streams are
 * not terminals during the run (no colours, no progress bars). It spares the child's Node start, its
 * imports and, across runs, what the process keeps compiled (PGlite's WebAssembly): CLI tests keep one
 * spawned run of the real bin and run the rest here. Standard input is not provided. Runs must not
 * overlap: the console, the standard streams' writes, the exit code, the working directory and the
 * environment are the run's until it ends, then restored.
 *
 * @example
 * const { status, stdout } = await runInProcess(() => runMyCli(['list', '--json']));
 */
export async function runInProcess(
  run: () => Promise<void>,
  { cwd, env }: RunInProcessOptions = {},
): Promise<ProcessRun> {
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
    env: process.env,
  };
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
      if (callback !== undefined) queueMicrotask(callback);
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  for (const stream of [process.stdout, process.stderr]) {
    Object.defineProperty(stream, 'isTTY', { value: undefined, configurable: true, writable: true });
  }
  globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr, colorMode: false });
  process.exitCode = undefined;
  let status: number;
  try {
    if (env !== undefined) process.env = { ...env };
    if (cwd !== undefined) process.chdir(cwd);
    await run();
    status = Number(process.exitCode ?? 0);
  } catch (error) {
    err.push(`${inspect(error)}\n`);
    status = 1;
  } finally {
    process.chdir(saved.cwd);
    process.env = saved.env;
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
