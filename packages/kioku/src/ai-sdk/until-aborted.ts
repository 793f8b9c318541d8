/**
 * `work`, or a rejection with the signal's reason as soon as `signal` fires, whichever comes first, so a
 * strategy whose model ignores the signal cannot hold the caller past it. Without a signal, `work` itself.
 */
export function untilAborted<Result>(
  work: Promise<Result>,
  signal: AbortSignal | undefined,
): Promise<Result> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Result>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
