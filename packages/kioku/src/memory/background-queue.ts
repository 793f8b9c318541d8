/** Work run in the background, one at a time, after the caller has moved on. */
export interface BackgroundQueue {
  /** Queues `work`; drops it (with a warning once) when `maxQueued` already wait, or after `close()`. */
  add(work: () => Promise<void>): void;
  /** Queued or running. */
  readonly pending: number;
  /** Dropped because the queue was full. */
  readonly dropped: number;
  /** Waits for everything queued; later work is refused. */
  close(): Promise<void>;
}

/**
 * A bounded queue that runs work one at a time, never holding the caller: `add` returns at once, a
 * failure is the work's own to report (a rejection is swallowed, so it never surfaces as unhandled), and
 * `close()` waits for what is queued.
 */
export function backgroundQueue({ maxQueued, name }: { maxQueued: number; name: string }): BackgroundQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  let dropped = 0;
  let closed = false;
  let warned = false;
  return {
    add(work) {
      // One runs, `maxQueued` wait.
      if (closed || pending > maxQueued) {
        dropped += 1;
        if (!warned && !closed) {
          warned = true;
          console.warn(
            `kioku: ${name} dropped a background review: ${maxQueued} already wait (raise maxQueued, or review fewer runs).`,
          );
        }
        return;
      }
      pending += 1;
      tail = tail.then(work).then(
        () => {
          pending -= 1;
        },
        () => {
          pending -= 1;
        },
      );
    },
    get pending() {
      return pending;
    },
    get dropped() {
      return dropped;
    },
    async close() {
      closed = true;
      await tail;
    },
  };
}
