// The DuckDB query process: owns the database and runs the model's SQL, so that nothing a query does to
// DuckDB (a crash, an abort, memory past any limit, a configuration it changed) can reach the process that
// started it. Started by `startQueryProcess`; speaks `query-process-protocol.ts` over the IPC channel.
import { DuckDBInstance } from '@duckdb/node-api';
import type { TableInfo } from '../log-engine.js';
import { type DuckDbSession, openDuckDbSession } from './duckdb-session.js';
import {
  type FromQueryProcess,
  type OpenMessage,
  type RefusalData,
  RefusedQuery,
  type ToQueryProcess,
} from './query-process-protocol.js';

const send = (message: FromQueryProcess): void => {
  process.send?.(message);
};

let session: DuckDbSession | undefined;
let queue: Promise<void> = Promise.resolve();

process.on('message', (message: ToQueryProcess) => {
  if (message.type === 'interrupt') {
    session?.interrupt();
    return;
  }
  queue = queue.then(() => handle(message));
});
// The parent went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));

async function handle(message: Exclude<ToQueryProcess, { type: 'interrupt' }>): Promise<void> {
  if (message.type === 'open') {
    await open(message);
    return;
  }
  if (session === undefined) {
    send({ type: 'error', id: message.id, error: { reason: 'failed', message: 'the database is not open' } });
    return;
  }
  try {
    const value: TableInfo[] | Awaited<ReturnType<DuckDbSession['query']>> =
      message.type === 'tables' ? await session.tables() : await session.query(message);
    const changed = await session.changedSettings();
    if (changed !== undefined) {
      send({ type: 'error', id: message.id, error: configurationChanged(changed), discard: true });
      return;
    }
    send({ type: 'reply', id: message.id, value });
  } catch (error) {
    const changed = await session.changedSettings().catch(() => 'the settings could not be read back');
    if (changed !== undefined) {
      send({ type: 'error', id: message.id, error: configurationChanged(changed), discard: true });
      return;
    }
    send({
      type: 'error',
      id: message.id,
      error: refusalOf(error),
    });
  }
}

function refusalOf(error: unknown): RefusalData {
  if (error instanceof RefusedQuery) {
    return {
      reason: error.reason,
      message: error.message,
      ...(error.estimate ? { estimate: error.estimate } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/out of memory/i.test(message)) {
    return {
      reason: 'over-budget',
      message: `the query needed more memory than the limit, and nothing spills to disk: ${message.split('\n')[0]} Filter earlier, group by fewer distinct values, or aggregate before joining.`,
    };
  }
  return { reason: 'failed', message };
}

async function open(message: OpenMessage): Promise<void> {
  try {
    const instance = await DuckDBInstance.create(message.file, message.settings);
    session = await openDuckDbSession({ instance, ...message });
    send({ type: 'ready' });
  } catch (error) {
    send({
      type: 'open-failed',
      error: refusalOf(error),
    });
  }
}

function configurationChanged(change: string): { reason: 'not-read-only'; message: string } {
  return {
    reason: 'not-read-only',
    message: `refused: the query changed the engine's configuration (${change}); that engine was discarded and a fresh one opened.`,
  };
}
