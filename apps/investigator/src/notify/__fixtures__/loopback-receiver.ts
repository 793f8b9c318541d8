import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a loopback receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (a stand-in for Slack's or a SIEM's endpoint): it records every request. */
export interface LoopbackReceiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 that records each POST and answers with the next status of
 * `statuses` (then 200): `[503, 503]` fails twice before accepting, as a flaky receiver would.
 */
export async function startLoopbackReceiver({ statuses = [] }: { statuses?: number[] } = {}): Promise<LoopbackReceiver> {
  const received: Received[] = [];
  const waiting: { count: number; resolve: (all: Received[]) => void }[] = [];
  const queue = [...statuses];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queue.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'unavailable');
      for (const wait of waiting.filter((entry) => received.length >= entry.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(received.slice());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve(received.slice())
        : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
