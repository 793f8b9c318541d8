import type { PGlite } from '@electric-sql/pglite';

/** The part of PGlite's instance wrapped (PGlite 0.5: every query and exec sends its messages here). */
interface PgliteProtocol {
  execProtocolStream?: (message: Uint8Array, options?: unknown) => Promise<unknown>;
}

/**
 * Lets the event loop turn before each protocol message PGlite runs. PGlite runs Postgres on the calling
 * thread, synchronously per message, and a query's or a transaction's messages follow one another as
 * microtasks: without a turn between them, one insert of a large alert (parse, bind, execute, then the
 * triggers and indexes) holds every timer and request until the whole chain ends. With it, a stall lasts
 * one message at most. Results and ordering are unchanged: PGlite's own lock still runs one query and one
 * transaction at a time.
 */
export function pgliteTurnTaking(client: PGlite): void {
  const protocol = client as unknown as PgliteProtocol;
  const send = protocol.execProtocolStream;
  if (typeof send !== 'function') return;
  protocol.execProtocolStream = async (message, options) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return send.call(client, message, options);
  };
}
