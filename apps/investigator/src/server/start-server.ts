import type { IncomingMessage } from 'node:http';
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
   * Longest time a client may take to send a request's body once its headers came (default 30 s): a client
   * sending a body a byte at a time is answered 408 and cut off instead of holding the connection and what
   * it waits for. Headers have Node's own deadline (60 s).
   */
  requestTimeoutMs?: number;
  /** How long a kept-alive connection may stay idle before the server closes it (default 65 s). */
  keepAliveTimeoutMs?: number;
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
  keepAliveTimeoutMs = 65_000,
}: StartServerOptions): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (request, env) => {
          const { incoming } = env as { incoming?: IncomingMessage };
          if (incoming !== undefined) bodyDeadline(incoming, requestTimeoutMs);
          return app.fetch(request, env);
        },
        hostname: host,
        port,
        // Node's own request deadline counts from a kept-alive connection's first request, not each
        // request's: under load it reset busy clients' connections (ECONNRESET). The deadline is per request.
        serverOptions: { requestTimeout: 0 },
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
    // An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client reusing one just as the
    // server closed it gets ECONNRESET, which a short timeout makes likely under load.
    if ('keepAliveTimeout' in server) server.keepAliveTimeout = keepAliveTimeoutMs;
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

/** Ends the request with 408 when its body has not all come `ms` after its headers. */
function bodyDeadline(incoming: IncomingMessage, ms: number): void {
  if (incoming.complete) return;
  // Decided after the next poll for I/O: when the event loop was held past the deadline, a body that came
  // meanwhile is still unread in the socket when the timer fires, and is taken instead of answered 408.
  const timer = setTimeout(
    () =>
      setImmediate(() => {
        if (incoming.complete) return;
        const { socket } = incoming;
        socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroySoon();
      }),
    ms,
  );
  timer.unref();
  const done = () => clearTimeout(timer);
  incoming.once('end', done);
  incoming.once('close', done);
}
