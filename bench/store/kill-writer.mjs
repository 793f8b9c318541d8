// The process the kill test kills: opens the PGlite store in the directory given, resumes the most
// recent session (or starts one), then writes until killed: appends turns, now and then records a
// compaction or starts a new session. Prints one JSON line per write once it has resolved: an
// acknowledged write, which must survive the kill -9 that can come at any moment.
//   node bench/store/kill-writer.mjs <store directory> <seed> [<built library directory>]
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { messageAt, random, summaryAt } from './kill-content.mjs';

const [
  location,
  seedText = '1',
  dist = fileURLToPath(new URL('../../packages/kioku/dist/', import.meta.url)),
] = process.argv.slice(2);
const built = (path) => import(pathToFileURL(join(dist, path)).href);
const { createSessionStore, openStore, originalRange } = await built('entry/store-loader.js');
const seed = Number(seedText);
const next = random(seed);
const ack = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

const store = await openStore({ location });
const sessions = createSessionStore(store);
ack({ op: 'open' });

let created = 0;
const create = async () => {
  created += 1;
  const session = await sessions.create({ id: `s${seed}-${created}`, title: `kill test, writer ${seed}` });
  ack({ op: 'create', sessionId: session.id });
  return session;
};
let [session] = await sessions.list({ limit: 1 });
session ??= await create();
let count = session.messageCount;

for (;;) {
  const roll = next();
  if (roll < 0.03) {
    session = await create();
    count = 0;
  } else if (roll < 0.15 && count >= 4) {
    const view = await sessions.currentView(session.id);
    const start = Math.floor(next() * (view.messages.length - 1));
    const end = start + 1 + Math.floor(next() * Math.min(8, view.messages.length - start));
    const replaces = originalRange(view, { start, end });
    const version = view.version + 1;
    await sessions.recordCompaction({
      sessionId: session.id,
      replaces,
      summary: summaryAt(session.id, version),
      strategy: 'kill-test',
      tokensBefore: 1000 * view.messages.length,
      tokensAfter: 1000 * (view.messages.length - (end - start) + 1),
    });
    ack({ op: 'compact', sessionId: session.id, version, replaces });
  } else {
    const length = 1 + Math.floor(next() * 3);
    const messages = Array.from({ length }, (_, index) => messageAt(session.id, count + index));
    const { from, to } = await sessions.append({ sessionId: session.id, messages });
    if (from !== count) throw new Error(`append landed at ${from}, expected ${count}`);
    count = to;
    ack({ op: 'append', sessionId: session.id, from, to });
  }
}
