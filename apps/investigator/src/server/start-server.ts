import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  app: Hono;
  /** The address to listen on (default `127.0.0.1`: loopback only). */
  host?: string;
  /** The port (default 8787; 0 picks a free one). */
  port?: number;
}

/** A running server. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

/** Serves `app` with `@hono/node-server` on `host:port`, loopback by default. */
export function startServer({
  app,
  host = '127.0.0.1',
  port = 8787,
}: StartServerOptions): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shown}:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
