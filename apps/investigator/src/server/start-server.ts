import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ConfigurationError } from 'kioku';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  app: Hono;
  /** The address to listen on (default `127.0.0.1`: loopback only). */
  host?: string;
  /** The port (default 8787; 0 picks a free one). */
  port?: number;
  /**
   * Longest time a client may take to send a whole request, headers and body (default 30 s): a client
   * sending a body a byte at a time is cut off (408) instead of holding the connection and what it waits for.
   * Headers have Node's own deadline (60 s, within this one when it is shorter).
   */
  requestTimeoutMs?: number;
}

/** A running server. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `app` with `@hono/node-server` on `host:port`, loopback by default, with deadlines on every
 * request's headers and body. A port that is taken (or not allowed) is a `ConfigurationError` naming it.
 */
export function startServer({
  app,
  host = '127.0.0.1',
  port = 8787,
  requestTimeoutMs = 30_000,
}: StartServerOptions): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        hostname: host,
        port,
        serverOptions: {
          requestTimeout: requestTimeoutMs,
          // Node's own headers deadline (60 s) stays: a shorter one closes kept-alive connections that
          // clients are about to reuse (ECONNRESET under load). How often the deadline is checked (Node's
          // default is 30 s):
          connectionsCheckingInterval: Math.max(100, Math.min(1000, requestTimeoutMs / 4)),
        },
      },
      (info: AddressInfo) => {
        const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${shown}:${info.port}`,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'is in use by another program; stop it or pass another --port'
          : error.code === 'EACCES'
            ? 'may not be used by this user (ports below 1024 need privileges); pass another --port'
            : error.code === 'EADDRNOTAVAIL'
              ? 'is on an address this machine does not have; pass another --host'
              : undefined;
      reject(
        why === undefined
          ? error
          : new ConfigurationError({
              name: 'ConfigurationError',
              message: `cannot listen on ${host}:${port}: the port ${why}`,
              cause: error,
            }),
      );
    });
  });
}
