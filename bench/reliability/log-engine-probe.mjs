// One hostile query against one build of the investigator's DuckDB log engine, in a process of its own
// (the code before the issue-22 fix can abort Node or grow without bound): opens the engine on the
// database, runs the query with the engine's default limits, then a follow-up query, then closes it.
// Prints one JSON line: { outcome, reason, queryMs, followUp, closed }. Used by log-engine.mjs.
//   node log-engine-probe.mjs <dist/logs/index.js> <database file> <sql> <follow-up sql>

import { pathToFileURL } from 'node:url';

const [entry, file, sql, followUpSql] = process.argv.slice(2);
const { openDuckDbLogEngine } = await import(pathToFileURL(entry).href);
const engine = await openDuckDbLogEngine({ file });
const started = Date.now();
let outcome = 'ran';
let reason;
try {
  await engine.query(sql);
} catch (error) {
  outcome = 'failed';
  reason = error?.reason ?? String(error);
}
const queryMs = Date.now() - started;
let followUp = 'answered';
try {
  await engine.query(followUpSql);
} catch (error) {
  followUp = `failed: ${String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 160)}`;
}
// Printed before close: closing is what aborted Node.
process.stdout.write(`${JSON.stringify({ outcome, reason, queryMs, followUp })}\n`);
await engine.close();
process.stdout.write(`${JSON.stringify({ closed: true })}\n`);
