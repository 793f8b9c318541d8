/** Model calls run under one limit, aborted together (see {@link callLimiter}). */
export interface CallLimiter {
  /**
   * Runs `work` once fewer than `concurrency` calls are in flight, with a signal that aborts when the
   * limiter does. Refuses (throws the abort reason) once the limiter is aborted, waiting or not.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts every call in flight and every waiting one; the first reason wins. */
  abort(reason: unknown): void;
  /** Resolves once no call is in flight (after an abort: once every aborted call has settled). */
  idle(): Promise<void>;
  /** Aborted when the limiter is, or when the caller's signal is. */
  readonly signal: AbortSignal;
}

/** Options of {@link callLimiter}. */
export interface CallLimiterOptions {
  /** Most calls in flight at once. */
  concurrency: number;
  /** The caller's signal: aborting it aborts the limiter's calls. */
  signal?: AbortSignal | undefined;
  /**
   * Whether a call's error dooms the job: such an error aborts the limiter before the call's slot is
   * freed, so no other call starts after it. Default: every error.
   */
  fatal?: (error: unknown) => boolean;
}

/**
 * One concurrency limit and one abort for every model call of a job (the chunk summaries, the merges
 * and the retries of a map-reduce summary): at most `concurrency` calls in flight whatever the recursion,
 * and one failure can abort its siblings and wait for them to settle before it is reported.
 *
 * @example
 * const limiter = callLimiter({ concurrency: 4, signal: abortSignal });
 * const answers = await Promise.all(prompts.map((prompt) => limiter.run((signal) => ask(prompt, signal))));
 */
export function callLimiter({ concurrency, signal, fatal = () => true }: CallLimiterOptions): CallLimiter {
  const controller = new AbortController();
  const combined = signal === undefined ? controller.signal : AbortSignal.any([controller.signal, signal]);
  const waiting: { start: () => void; refuse: (reason: unknown) => void }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  combined.addEventListener(
    'abort',
    () => {
      for (const waiter of waiting.splice(0)) waiter.refuse(combined.reason);
    },
    { once: true },
  );
  let active = 0;
  const slot = () =>
    new Promise<void>((start, refuse) => {
      if (combined.aborted) refuse(combined.reason);
      else if (active < concurrency) {
        active += 1;
        start();
      } else waiting.push({ start, refuse });
    });
  const release = () => {
    const next = combined.aborted ? undefined : waiting.shift();
    if (next === undefined) active -= 1;
    else next.start(); // the slot passes to the next call
  };
  return {
    signal: combined,
    async run(work) {
      await slot();
      let running: Promise<unknown> | undefined;
      try {
        // Aborted while the slot was passed on: the call never starts.
        if (combined.aborted) throw combined.reason;
        const result = work(combined);
        running = result;
        inFlight.add(result);
        return await result;
      } catch (error) {
        if (running !== undefined && fatal(error) && !controller.signal.aborted) controller.abort(error);
        throw error;
      } finally {
        if (running !== undefined) inFlight.delete(running);
        release();
      }
    },
    abort(reason) {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
