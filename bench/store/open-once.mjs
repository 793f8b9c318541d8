// One store opening in a fresh process, as a user's first call pays it: imports the given build's
// openStore, opens `location`, closes, and prints {"importMs", "openMs"} on stdout. Used by open.mjs.
//   node bench/store/open-once.mjs <dist directory> <location>
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [dist, location] = process.argv.slice(2);
const started = performance.now();
const { openStore } = await import(pathToFileURL(`${dist}/entry/store-loader.js`).href);
const imported = performance.now();
const store = await openStore({ location });
const opened = performance.now();
await store.close();
console.log(JSON.stringify({ importMs: imported - started, openMs: opened - imported }));
