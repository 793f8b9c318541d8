import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LogQueryError } from '../log-query-error.js';
import type { FromQueryProcess, OpenMessage, RefusalData, ToQueryProcess } from './query-process-protocol.js';

/** Options of {@link startQueryProcess}. */
export interface QueryProcessOptions {
  /** The first message: the database and its limits. */
  open: OpenMessage;
  /** The most memory (address space) the process may take, in bytes; enforced by the OS on Linux. */
  maxProcessBytes: number;
  /** How long an interrupted query may take to stop before the process is killed (ms). */
  interruptGraceMs: number;
}

/** A DuckDB query process: started on demand, killed past its limits, started again for the next request. */
export interface QueryProcess {
  /** Sends one request and waits for its answer, at most `timeoutMs` (then interrupted, then killed). */
  request(message: DistributiveOmit<ToQueryProcess, 'id'>, timeoutMs: number): Promise<unknown>;
  /** Starts the process now and waits until the database is open (refusals of the file are thrown here). */
  ready(): Promise<void>;
  /** How many times a process was started (one, unless some were killed or discarded). */
  readonly starts: number;
  /** The running process's id, when one runs. */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Runs the DuckDB log engine's queries in a child process that can be killed: its address space capped by
 * `ulimit -v` (Linux), its JavaScript heap by `--max-old-space-size`, a hard wall-clock limit per request
 * (DuckDB's interrupt, then SIGKILL after a grace period), and any exit — an abort inside DuckDB, memory
 * past the cap, a kill — answered as an error of the request while the caller's process goes on. A process
 * that reports its configuration changed is discarded. The next request starts a fresh one.
 */
export function startQueryProcess({
  open,
  maxProcessBytes,
  interruptGraceMs,
}: QueryProcessOptions): QueryProcess {
  let child: ChildProcess | undefined;
  let starting: Promise<ChildProcess> | undefined;
  let starts = 0;
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

  const start = (): Promise<ChildProcess> => {
    starting ??= new Promise<ChildProcess>((resolve, reject) => {
      starts += 1;
      const spawned = spawnLimited(maxProcessBytes);
      let stderr = '';
      spawned.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-2000);
      });
      const onStartExit = (code: number | null, signal: NodeJS.Signals | null) => {
        starting = undefined;
        const said =
          stderr
            .trim()
            .split('\n')
            .find((line) => /error/i.test(line)) ?? stderr.trim().split('\n')[0];
        reject(
          new LogQueryError({
            reason: 'failed',
            message: `the DuckDB query process could not start (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`,
          }),
        );
      };
      spawned.once('exit', onStartExit);
      spawned.on('message', (message: FromQueryProcess) => {
        if (message.type === 'ready') {
          spawned.off('exit', onStartExit);
          child = spawned;
          starting = undefined;
          idle(spawned);
          spawned.once('exit', (code, signal) => {
            if (child === spawned) child = undefined;
            const error = stopped(code, signal);
            for (const [id, waiter] of pending) {
              pending.delete(id);
              waiter.reject(error);
            }
          });
          resolve(spawned);
        } else if (message.type === 'open-failed') {
          spawned.off('exit', onStartExit);
          starting = undefined;
          spawned.kill('SIGKILL');
          reject(asError(message.error));
        } else {
          const waiter = pending.get(message.id);
          if (waiter === undefined) return;
          pending.delete(message.id);
          if (message.type === 'reply') waiter.resolve(message.value);
          else {
            if (message.discard === true) discard(spawned);
            waiter.reject(asError(message.error));
          }
        }
      });
      spawned.send(open satisfies ToQueryProcess);
    });
    return starting;
  };

  const discard = (process: ChildProcess): void => {
    if (child === process) child = undefined;
    process.kill('SIGKILL');
  };

  return {
    get starts() {
      return starts;
    },
    get pid() {
      return child?.pid;
    },
    ready: async () => {
      await start();
    },
    async request(message, timeoutMs) {
      if (closed) throw new LogQueryError({ reason: 'failed', message: 'the log engine is closed' });
      const process = child ?? (await start());
      nextId += 1;
      const id = nextId;
      busy(process);
      return new Promise((resolve, reject) => {
        let grace: NodeJS.Timeout | undefined;
        const timer = setTimeout(() => {
          process.send({ type: 'interrupt' } satisfies ToQueryProcess);
          grace = setTimeout(() => {
            pending.delete(id);
            discard(process);
            finish();
            reject(timedOut(timeoutMs, 'and did not stop when interrupted, so its process was killed'));
          }, interruptGraceMs);
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          clearTimeout(grace);
          if (pending.size === 0) idle(process);
        };
        pending.set(id, {
          resolve: (value) => {
            finish();
            resolve(value);
          },
          reject: (error) => {
            finish();
            reject(
              grace !== undefined && isInterrupted(error)
                ? timedOut(timeoutMs, 'and was interrupted')
                : error,
            );
          },
        });
        process.send({ ...message, id } as ToQueryProcess);
      });
    },
    async close() {
      closed = true;
      const running = child ?? (await starting?.catch(() => undefined));
      child = undefined;
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
      busy(running);
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}

/** The compiled entry point of the query process (tests run from `src/`, the process from `dist/`). */
function entryPoint(): string {
  const here = fileURLToPath(new URL('./query-process-main.js', import.meta.url));
  const compiled = here.replace(/([/\\])src([/\\]logs[/\\]duckdb[/\\])/, '$1dist$2');
  if (existsSync(compiled)) return compiled;
  throw new LogQueryError({
    reason: 'failed',
    message: `the DuckDB query process ${compiled} is missing: build the investigator (npm run build)`,
  });
}

function spawnLimited(maxProcessBytes: number): ChildProcess {
  const node = [process.execPath, '--max-old-space-size=256', entryPoint()];
  const options = {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as const,
    // No secrets from the caller's environment; fewer malloc arenas, so the address-space cap measures data.
    env: { MALLOC_ARENA_MAX: '2' },
    serialization: 'advanced' as const,
  };
  if (process.platform !== 'linux')
    return spawn(node[0] as string, node.slice(1), { ...options, stdio: [...options.stdio] });
  const kib = Math.max(1, Math.floor(maxProcessBytes / 1024));
  return spawn('/bin/sh', ['-c', 'ulimit -v "$0" && exec "$@"', String(kib), ...node], {
    ...options,
    stdio: [...options.stdio],
  });
}

function idle(process: ChildProcess): void {
  process.unref();
  process.channel?.unref();
  (process.stderr as unknown as { unref?: () => void } | null)?.unref?.();
}

function busy(process: ChildProcess): void {
  process.ref();
  process.channel?.ref();
  (process.stderr as unknown as { ref?: () => void } | null)?.ref?.();
}

function asError(error: RefusalData): LogQueryError {
  return new LogQueryError(error);
}

function isInterrupted(error: unknown): boolean {
  return LogQueryError.isInstance(error) && /interrupt/i.test(error.message);
}

function timedOut(timeoutMs: number, how: string): LogQueryError {
  return new LogQueryError({
    reason: 'timeout',
    message: `the query ran past ${timeoutMs} ms ${how}. Filter on time, host or event id first, or aggregate.`,
  });
}

function stopped(code: number | null, signal: NodeJS.Signals | null): LogQueryError {
  const how = signal === null ? `exit code ${code}` : signal;
  return new LogQueryError({
    reason: 'crashed',
    message: `the query process stopped while running the query (${how}), most often because the query needed more memory than its cap; a fresh one starts with the next query. Filter earlier, group by fewer distinct values, or aggregate before joining.`,
  });
}
