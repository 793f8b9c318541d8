import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { StoreError } from '../errors/store-error.js';
import type { PgliteOperation, PgliteReply, PgliteWorkerData } from './pglite-messages.js';

/** A query's options, as Drizzle's PGlite driver passes them: the row shape and per-type parsers. */
export interface PgliteQueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers by type oid; they run here, on the text Postgres sent (functions cannot go to the worker). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What Drizzle's PGlite driver calls on a client: `query`, and `transaction` with a client for the work. */
export interface PgliteHostClient {
  query<Row>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<Results<Row>>;
  transaction<T>(work: (tx: Pick<PgliteHostClient, 'query'>) => Promise<T>): Promise<T>;
}

/** PGlite running in a worker thread, driven from this one (`startPgliteHost`). */
export interface PgliteHost {
  /** The client to hand `drizzle({ client })` (cast to `PGlite`: it is the part of one Drizzle uses). */
  readonly client: PgliteHostClient;
  /** Registers the `vector` parameter serializer in the worker (`registerVectorSerializer`); after the migrations. */
  registerVectorSerializer(): Promise<void>;
  /** Closes PGlite and ends the thread; later calls fail with a `StoreError`. Safe to call twice. */
  close(): Promise<void>;
  /** The thread (a test ends it to see a crash become a `StoreError`). */
  readonly worker: Worker;
}

// The bundled worker (dist/store/pglite-worker.js: the same path from src/, build/ and dist/, so a test run
// from the sources needs `npm run build` first).
const workerUrl = new URL('../../dist/store/pglite-worker.js', import.meta.url);

/**
 * Opens PGlite in a worker thread of its own (`pglite-worker.ts`), so that Postgres's work (one statement
 * of a large alert, an `analyze` of thousands of rows) never holds this thread's event loop. The host
 * keeps PGlite's order: one statement at a time, and a transaction's statements with nothing else between
 * them (other queries wait for it to end, as on PGlite). A PANIC in Postgres, an uncaught error in the
 * worker or its end fail the waiting and every later call with a `StoreError`; the process goes on.
 * Throws `StoreError` when PGlite cannot open `dataDir`.
 */
export async function startPgliteHost({
  dataDir,
  location,
  template,
}: PgliteWorkerData & { location: string }): Promise<PgliteHost> {
  const worker = new Worker(workerUrl, {
    workerData: { dataDir, template } satisfies PgliteWorkerData,
    execArgv: workerExecArgv(process.execArgv),
  });
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let stopped: StoreError | undefined;
  let closing = false;
  const stop = (reason: string) => {
    stopped ??= new StoreError({ location, message: reason });
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: PgliteReply) => {
      if (reply.kind === 'ready') return resolve();
      if (reply.kind === 'failed') {
        return reject(
          new StoreError({
            location,
            message: [`PGlite could not open it: ${reply.message}`, ...reply.reasons].join('\n  '),
          }),
        );
      }
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if (reply.kind === 'result') entry?.resolve(reply.result);
      else if (reply.kind === 'error') {
        const error = new Error(reply.error.message);
        entry?.reject(Object.assign(error, { name: reply.error.name }, reply.error.fields));
      } else {
        stop(reply.reason);
        entry?.reject(stopped as StoreError);
      }
    });
    const ended = (reason: string) => {
      if (closing) return;
      stop(
        `PGlite stopped: ${reason}. Writes that were not acknowledged were not stored; open the store again`,
      );
      reject(stopped);
    };
    worker.on('error', (error) => ended(`its worker thread failed (${error.message})`));
    worker.on('exit', (code) => ended(`its worker thread ended (exit code ${code})`));
  });
  try {
    await ready;
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw error;
  }
  // Idle, the thread does not keep the process alive (a PGlite store never did); a waiting call does.
  worker.unref();

  const send = (request: PgliteOperation): Promise<unknown> => {
    if (stopped !== undefined) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter a message cannot carry (a function, say): nothing was sent.
        waiting.delete(id);
        if (waiting.size === 0) worker.unref();
        reject(error);
      }
    });
  };
  const query = async <Row>(sql: string, params: unknown[] = [], options: PgliteQueryOptions = {}) => {
    const { rowMode = 'object', parsers = {} } = options;
    const rawTypes = Object.keys(parsers).map(Number);
    const result = (await send({ op: 'query', sql, params, rowMode, rawTypes })) as Results<Row>;
    return rawTypes.length === 0 ? result : parseColumns(result, parsers, rowMode);
  };

  // One holder at a time: a query, or a transaction from BEGIN to its end.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  const client: PgliteHostClient = {
    query: (sql, params, options) => exclusive(() => query(sql, params, options)),
    transaction: (work) =>
      exclusive(async () => {
        let open = true;
        const tx: Pick<PgliteHostClient, 'query'> = {
          query: (sql, params, options) =>
            open ? query(sql, params, options) : Promise.reject(new Error('the transaction has ended')),
        };
        await query('begin');
        try {
          const result = await work(tx);
          await query('commit');
          return result;
        } catch (error) {
          if (stopped === undefined) await query('rollback').catch(() => undefined);
          throw error;
        } finally {
          open = false;
        }
      }),
  };
  let closed: Promise<void> | undefined;
  return {
    client,
    worker,
    registerVectorSerializer: () => exclusive(async () => void (await send({ op: 'vector-serializer' }))),
    close: () => {
      closed ??= exclusive(async () => {
        try {
          if (stopped === undefined) await send({ op: 'close' });
        } finally {
          closing = true;
          stopped ??= new StoreError({ location, message: 'the store is closed' });
          await worker.terminate();
        }
      });
      return closed;
    },
  };
}

/**
 * The process's Node options a worker can take: all but the ones about a script given on the command line
 * (`--input-type`, `-e`/`--eval`, `-p`/`--print` and their code), which a worker started from a file refuses.
 */
function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index += 1) {
    const argument = execArgv[index] as string;
    if (['-e', '--eval', '-p', '--print', '--input-type'].includes(argument)) index += 1;
    else if (!/^(--input-type|--eval|--print)=/.test(argument)) kept.push(argument);
  }
  return kept;
}

/** Runs the caller's parsers on the columns of their types (the worker sent those as text). */
function parseColumns<Row>(
  result: Results<Row>,
  parsers: NonNullable<PgliteQueryOptions['parsers']>,
  rowMode: 'array' | 'object',
): Results<Row> {
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse === undefined
      ? []
      : [{ key: rowMode === 'array' ? index : field.name, parse, oid: field.dataTypeID }];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse, oid } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, oid);
    }
  }
  return result;
}
