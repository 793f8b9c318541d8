/** A push-to-pull bridge: callbacks push events, an async generator pulls them in order. */
export interface ProgressChannel<T> extends AsyncIterable<T> {
  push(value: T): void;
  /** Ends the iteration once the values pushed so far are read. */
  close(): void;
}

/** Makes a {@link ProgressChannel} with an unbounded buffer (progress events are few and small). */
export function createProgressChannel<T>(): ProgressChannel<T> {
  const buffer: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(value) {
      if (closed) return;
      buffer.push(value);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      while (true) {
        const next = buffer.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
