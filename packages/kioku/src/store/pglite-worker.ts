/**
 * The worker thread `startPgliteHost` runs PGlite in (bundled as `dist/store/pglite-worker.js`): opens the
 * data directory named in `workerData`, then answers the host's messages one at a time, in the order sent.
 * Postgres runs here, so a long statement (an `analyze`, the insert of a 1 MB alert) holds this thread,
 * never the process's event loop. Its messages are `PgliteRequest`s; its answers `PgliteReply`s.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { PGlite, type Results } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import type { PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-messages.js';
import { pglitePanicGuard } from './pglite-panic-guard.js';
import { registerVectorSerializer } from './register-vector-serializer.js';

const port = parentPort;
if (port === null) throw new Error('pglite-worker runs as a worker thread (startPgliteHost)');
const { dataDir, template } = workerData as PgliteWorkerData;

// Postgres explains a failed start (a damaged data directory, say) only in its log.
const log: string[] = [];
const guard = pglitePanicGuard();
let client: PGlite | undefined;
try {
  // Durability: PGlite's Node filesystem hands every write straight to the OS (fs.writeSync, no cache in
  // WebAssembly memory) and Postgres writes the WAL before a commit returns, so a committed transaction
  // survives the process being killed (bench/store/kill.mjs). Postgres runs here with fsync off and the
  // filesystem cannot fsync: an OS crash or power loss may lose recent commits.
  client = await PGlite.create(dataDir, {
    extensions: { vector },
    relaxedDurability: false,
    // Unzipped here (zlib, native; PGlite would inflate it in JavaScript), off the host's event loop.
    ...(template === undefined ? {} : { loadDataDir: new Blob([gunzipSync(template)]) }),
    onStderr: (line) => {
      guard.see(line);
      log.push(line);
      if (log.length > 40) log.shift();
      return false;
    },
  });
  guard.attach(client);
  post({ kind: 'ready' });
} catch (error) {
  if (guard.stopped === undefined) await client?.close().catch(() => undefined);
  const reasons = log
    .filter((line) => /\b(FATAL|PANIC|ERROR)\b/.test(line))
    .slice(-5)
    .map((line) => line.replace(/^.*? UTC \[\d+\] /, ''));
  post({ kind: 'failed', message: describe(error), reasons });
  client = undefined;
}

const pglite = client;
if (pglite !== undefined) {
  port.on('message', (request: PgliteRequest) => {
    void answer(pglite, request).then(post);
  });
}

async function answer(pglite: PGlite, request: PgliteRequest): Promise<PgliteReply> {
  const { id } = request;
  try {
    if (request.op === 'close') {
      // After a PANIC the module is dead: closing it would call into it again.
      if (guard.stopped === undefined) await pglite.close();
      return { kind: 'result', id, result: undefined };
    }
    if (request.op === 'vector-serializer') {
      await registerVectorSerializer(pglite, drizzle({ client: pglite }));
      return { kind: 'result', id, result: undefined };
    }
    // Types the caller parses itself arrive as Postgres's text (the parsers are functions: they stay there).
    const parsers = Object.fromEntries(request.rawTypes.map((oid) => [oid, (value: string) => value]));
    const result = await pglite.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    return { kind: 'result', id, result: result as Results };
  } catch (error) {
    if (guard.stopped !== undefined) return { kind: 'stopped', id, reason: guard.stopped };
    return { kind: 'error', id, error: plainError(error) };
  }
}

/** The error's message and its own fields (Postgres's `code`, `detail`, `constraint`, …), which a message can carry. */
function plainError(error: unknown): { name: string; message: string; fields: Record<string, unknown> } {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

function post(reply: PgliteReply): void {
  port?.postMessage(reply);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
