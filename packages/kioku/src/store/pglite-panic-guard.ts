import type { PGlite } from '@electric-sql/pglite';

/** Stops a PGlite instance whose Postgres hit a PANIC, so that its calls fail instead of hanging. */
export interface PglitePanicGuard {
  /** Give it every line PGlite writes to stderr (`onStderr`). */
  see(line: string): void;
  /** Installs the guard on the instance; call right after `PGlite.create`. */
  attach(client: PGlite): void;
  /** Why every call fails since the PANIC (a sentence for a `StoreError`); undefined while Postgres runs. */
  readonly stopped: string | undefined;
}

/** The parts of PGlite's instance the guard wraps (PGlite 0.5: `mod` is its Emscripten module). */
interface PgliteInternals {
  mod?: { stackRestore?: (pointer: number) => void };
  execProtocolRawSync?: (message: Uint8Array) => Uint8Array;
}

/**
 * A PANIC (the disk full while writing the WAL, say) ends a Postgres backend; PGlite's Emscripten build
 * then aborts, and PGlite's protocol loop catches the abort and calls back into the dead module, which
 * spins forever on the main thread: a write that never returns and an event loop that never runs again.
 * The guard sees the PANIC on stderr (printed before the abort) and from then on makes PGlite's loop and
 * every later call throw instead (in the worker thread PGlite runs in: the host answers each with a
 * `StoreError`). Nothing is lost that was acknowledged: Postgres wrote
 * the WAL of every committed transaction before its commit returned, and recovery replays it at the
 * next open; the transaction that hit the PANIC is not committed.
 */
export function pglitePanicGuard(): PglitePanicGuard {
  let stopped: string | undefined;
  return {
    get stopped() {
      return stopped;
    },
    see(line) {
      if (stopped !== undefined) return;
      const panic = /\bPANIC:\s+(.*)$/.exec(line)?.[1]?.trim();
      if (panic === undefined) return;
      const full = /No space left on device/i.test(panic);
      stopped =
        `PGlite stopped: ${full ? 'the disk is full' : 'Postgres failed'} (PANIC: ${panic}). Writes that ` +
        `were not acknowledged were not stored; ${full ? 'free disk space, then ' : ''}open the store again`;
    },
    attach(client) {
      const internals = client as unknown as PgliteInternals;
      const module = internals.mod;
      const restore = module?.stackRestore;
      const exec = internals.execProtocolRawSync;
      if (module === undefined || typeof restore !== 'function' || typeof exec !== 'function') return;
      // PGlite's loop calls `mod.stackRestore` when a step throws (the abort), then steps again: throwing
      // here leaves the loop.
      module.stackRestore = (pointer) => {
        if (stopped !== undefined) throw new Error(stopped);
        restore.call(module, pointer);
      };
      // Every later query, commit or rollback enters through here: refuse before calling the dead module.
      internals.execProtocolRawSync = (message) => {
        if (stopped !== undefined) throw new Error(stopped);
        return exec.call(client, message);
      };
    },
  };
}
