import { SingleBar } from 'cli-progress';

/** A progress bar on standard error, shown only when it is a terminal, so pipes and CI stay clean. */
export interface Progress {
  start(total: number, label: string): void;
  increment(): void;
  stop(): void;
}

/** A progress bar for long work; silent when standard error is not a terminal. */
export function createProgress({
  enabled = process.stderr.isTTY === true,
}: {
  enabled?: boolean;
} = {}): Progress {
  if (!enabled) return { start() {}, increment() {}, stop() {} };
  const bar = new SingleBar({
    stream: process.stderr,
    format: '{label} [{bar}] {value}/{total}',
    hideCursor: true,
    clearOnComplete: true,
  });
  return {
    start: (total, label) => bar.start(total, 0, { label }),
    increment: () => bar.increment(),
    stop: () => bar.stop(),
  };
}
