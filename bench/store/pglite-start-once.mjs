// The floor of reopening an embedded store: PGlite alone starting Postgres (with pgvector) on an existing
// data directory in a fresh process, no kioku code. Prints {"startMs"} on stdout. Used by open.mjs.
//   node bench/store/pglite-start-once.mjs <data directory>
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

const [dataDir] = process.argv.slice(2);
const started = performance.now();
const client = await PGlite.create(dataDir, { extensions: { vector } });
const ready = performance.now();
await client.close();
console.log(JSON.stringify({ startMs: ready - started }));
