// The load generator of bench/investigator/ingest.mjs, in a process of its own so that its CPU time (JSON,
// HTTP client) is counted apart from the server's: sends `count` alerts (ingest-alerts.mjs, about 5% of
// them sent twice) to the webhook at `url` with `concurrency` requests in flight. Tells its parent over
// IPC as it starts and each time another 1,000 were answered (`{ answered, cpuMs }`), then everything it measured
// (`{ done, latencies, finished, folded, resent, cpuMs }`; times in ms from its start).
// Started by ingest.mjs: fork('ingest-sender.mjs', [url, token, count, concurrency]).
import { makeAlert, seeded } from './ingest-alerts.mjs';

const [url, token, countText, concurrencyText] = process.argv.slice(2);
const count = Number(countText);
const concurrency = Number(concurrencyText);
const source = seeded();
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const latencies = new Array(count);
const finished = new Array(count);
const sent = [];
let next = 0;
let folded = 0;
let resent = 0;
let answered = 0;
process.send({ answered, cpuMs: cpuMs() });
const start = performance.now();
const worker = async () => {
  for (;;) {
    const i = next++;
    if (i >= count) return;
    // About one alert in 20 is one sent before, again (a duplicate the store folds).
    const [schema, body] =
      i > 100 && source.random() < 0.05
        ? sent[Math.floor(source.random() * sent.length)]
        : makeAlert(source, i);
    if (sent.length < 5000) sent.push([schema, body]);
    const began = performance.now();
    const send = () =>
      fetch(`${url}/hooks/alert/${schema}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A kept-alive connection the server closed as it was reused (ECONNRESET before any answer) is sent
    // again, as a webhook sender would; a duplicate would fold, so nothing is stored twice. Counted.
    let response;
    for (let attempt = 1; response === undefined; attempt += 1) {
      response = await send().catch((error) => {
        if (error?.cause?.code !== 'ECONNRESET' || attempt === 3) throw error;
        resent += 1;
        return undefined;
      });
    }
    const answer = await response.json();
    if (response.status !== 201 && response.status !== 200)
      throw new Error(`alert ${i}: ${response.status} ${JSON.stringify(answer)}`);
    if (answer.folded) folded += 1;
    finished[i] = performance.now() - start;
    latencies[i] = finished[i] - (began - start);
    answered += 1;
    if (answered % 1000 === 0 || answered === count) process.send({ answered, cpuMs: cpuMs() });
  }
};
await Promise.all(Array.from({ length: concurrency }, worker));
process.send({ done: true, latencies, finished, folded, resent, cpuMs: cpuMs() }, () => process.exit());
