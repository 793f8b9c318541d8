import type { LanguageModel } from 'ai';
import { sql } from 'drizzle-orm';
import { KiokuError } from 'kioku';
import type { Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/index.js';
import type { Alert } from './alert.js';
import { claimEmbeddingSpace } from './alert-embedding-space.js';
import { alertEmbeddingText } from './alert-embedding-text.js';
import { type AlertRow, alertColumns, alertFromRow } from './alert-row.js';
import { createAlertStore } from './create-alert-store.js';
import { pgliteUpkeep } from './pglite-upkeep.js';
import { summarizeAlert } from './summarize-alert.js';

/** Options of {@link createSummaryWorker}. */
export interface SummaryWorkerOptions {
  store: DrizzleStore;
  /** Writes the summaries; without it, alerts keep the fallback summary and are only embedded. */
  model?: LanguageModel | undefined;
  embedder: Embedder;
  /** Jobs run at once (default 2). */
  concurrency?: number;
  /** Longest wait for one model or embedder call before the job is retried later (default 60 s). */
  timeoutMs?: number;
  /** Tries per job before it is marked failed, its alert keeping the fallback summary (default 12). */
  maxAttempts?: number;
  /** Wait before try `attempt + 1` (default 10 s doubling, at most 30 min: 12 tries span about 3 hours). */
  retryDelayMs?: (attempt: number) => number;
  /** How often due jobs are looked for besides `wake` (default 5 s). */
  pollMs?: number;
  /** Called when a job is done or failed (for logging). */
  onJob?: (event: {
    id: string;
    outcome: 'done' | 'retry' | 'failed';
    summarizedBy?: string;
    error?: string;
  }) => void;
}

/** The background jobs that write the model's summary and the embedding of alerts the webhook stored. */
export interface SummaryWorker {
  /** Starts looking for due jobs (every `pollMs`, and on `wake`). */
  start(): void;
  /** A job was added: look now. */
  wake(): void;
  /** Runs due jobs until none is left (tests, benches, a CLI that drains the queue). */
  drain(): Promise<void>;
  /** Stops looking and waits for the jobs under way. */
  close(): Promise<void>;
  /**
   * The embedder to embed alerts with as they are received, when the worker has no model (nothing to
   * summarize) and its embedder is lexical (no model, no network: it cannot be out); else undefined and
   * every alert waits for its job. An alert stored with its vector gets no job.
   */
  readonly ingestEmbedder: Embedder | undefined;
}

/** A claimed job is someone's for this long; a worker that died leaves it to be retried after. */
const leaseSeconds = 600;

/**
 * Runs the summary jobs of `investigator_alert_jobs` with at most `concurrency` at once: the model's
 * summary (kept once written, so a later embedder failure does not ask the model again), then the
 * embedding, stored with the store's embedding-space check. A failed try (a provider outage, a timeout,
 * an answer that is not a summary) is retried with backoff; after `maxAttempts` the job is marked failed and
 * the alert keeps its fallback summary. Jobs are claimed with `for update skip locked`, so several servers
 * on one PostgreSQL share them. Nothing is lost: an alert is stored before its job exists. On a PGlite
 * store, which has no autovacuum, it also keeps the planner's statistics and the job table in shape
 * (`pgliteUpkeep`: as it starts and every 1,000 jobs).
 *
 * @example
 * const summaries = createSummaryWorker({ store, model, embedder });
 * summaries.start();
 * const app = createServer({ store, token, summaries });
 */
export function createSummaryWorker({
  store,
  model,
  embedder,
  concurrency = 2,
  timeoutMs = 60_000,
  maxAttempts = 12,
  retryDelayMs = (attempt) => Math.min(30 * 60_000, 10_000 * 2 ** (attempt - 1)),
  pollMs = 5_000,
  onJob,
}: SummaryWorkerOptions): SummaryWorker {
  const alerts = createAlertStore(store);
  const upkeep = pgliteUpkeep(store);
  const db = store.db;
  let running = 0;
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const underWay = new Set<Promise<void>>();
  // Closing cuts the calls under way short (their jobs are retried by the next worker).
  const stopping = new AbortController();
  const deadline = () => AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]);

  // The due job and its alert, in one round trip.
  const claim = async () => {
    const [row] = rowsOf<AlertRow & { job_attempts: number; job_summarized: unknown }>(
      await db.execute(sql`with job as (update investigator_alert_jobs
          set attempts = attempts + 1, run_after = now() + make_interval(secs => ${leaseSeconds})
          where alert_id = (select alert_id from investigator_alert_jobs
            where state = 'pending' and run_after <= now() order by run_after limit 1 for update skip locked)
          returning alert_id, attempts, summarized)
        select ${alertColumns}, job.attempts as job_attempts, job.summarized as job_summarized
        from job join investigator_alerts on investigator_alerts.id = job.alert_id`),
    );
    if (row === undefined) return undefined;
    return {
      alert: alertFromRow(row),
      attempts: Number(row.job_attempts),
      summarized: isTrue(row.job_summarized),
    };
  };

  // The vector and the job's end in one statement when the store's space is already this embedder's
  // (every alert but the first); otherwise the space is claimed (or refused) first, in a transaction.
  const storeVector = async (id: string, vector: number[]) => {
    const [fast] = rowsOf<{ in_space: unknown }>(
      await db.execute(sql`with space as (select 1 from investigator_alert_space
          where id = 1 and embedder = ${embedder.id} and dimensions = ${vector.length}),
        updated as (update investigator_alerts set embedder = ${embedder.id}, embedding = ${store.vectorParam(vector)}
          where id = ${id} and exists (select 1 from space)),
        done as (delete from investigator_alert_jobs where alert_id = ${id} and exists (select 1 from space))
        select exists (select 1 from space) as in_space`),
    );
    if (isTrue(fast?.in_space)) return;
    await store.transaction(async (tx) => {
      await claimEmbeddingSpace(tx, embedder.id, vector.length);
      await tx.execute(sql`update investigator_alerts set embedder = ${embedder.id},
        embedding = ${store.vectorParam(vector)} where id = ${id}`);
      await tx.execute(sql`delete from investigator_alert_jobs where alert_id = ${id}`);
    });
  };

  const run = async (job: { alert: Alert; attempts: number; summarized: boolean }) => {
    const id = job.alert.id;
    try {
      let alert = job.alert;
      if (!job.summarized && model !== undefined) {
        const value = JSON.parse(alert.raw.replace(/^\uFEFF/, '')) as Record<string, unknown>;
        const signal = deadline();
        const result = await untilAborted(
          summarizeAlert({ schema: alert.schema, raw: alert.raw, value, model, abortSignal: signal }),
          signal,
        );
        if (result.summarizedBy === 'fallback') throw new Error(result.failures.at(-1) ?? 'no summary');
        const { title, description, severity, attributes } = result.summary;
        await store.transaction(async (tx) => {
          await tx.execute(sql`update investigator_alerts set title = ${title}, description = ${description},
            severity = ${severity}, attributes = ${JSON.stringify(attributes)}::json, summarized_by = ${result.summarizedBy}
            where id = ${id}`);
          await tx.execute(sql`update investigator_alert_jobs set summarized = true where alert_id = ${id}`);
        });
        alert = await alerts.get(id);
      }
      const signal = deadline();
      const [vector] = await untilAborted(
        embedder.embed([alertEmbeddingText(alert)], { abortSignal: signal }),
        signal,
      );
      if (vector === undefined) throw new Error(`embedder ${embedder.id} returned no vector`);
      await storeVector(id, vector);
      onJob?.({ id, outcome: 'done', summarizedBy: alert.summarizedBy });
      await upkeep.jobDone();
    } catch (error) {
      const message = firstLine(error);
      // A configuration error (another embedder's alerts) will not pass by waiting; an outage will.
      const final =
        Number(job.attempts) >= maxAttempts ||
        (KiokuError.isInstance(error) && error.name === 'EmbeddingSpaceError');
      // The store may be gone (closed under a job): the claim's lease then lets the next worker retry it.
      await db
        .execute(
          final
            ? sql`update investigator_alert_jobs set state = 'failed', last_error = ${message} where alert_id = ${id}`
            : sql`update investigator_alert_jobs set last_error = ${message},
              run_after = now() + make_interval(secs => ${retryDelayMs(Number(job.attempts)) / 1000}) where alert_id = ${id}`,
        )
        .catch(() => undefined);
      onJob?.({ id, outcome: final ? 'failed' : 'retry', error: message });
    }
  };

  // Fills the free slots with due jobs; each finished job looks for the next.
  const pump = async (): Promise<void> => {
    while (!closed && running < concurrency) {
      running += 1;
      let job: Awaited<ReturnType<typeof claim>>;
      try {
        job = await claim();
      } catch (error) {
        running -= 1;
        if (!closed) onJob?.({ id: '', outcome: 'retry', error: firstLine(error) });
        return;
      }
      if (job === undefined) {
        running -= 1;
        return;
      }
      const work = run(job).finally(() => {
        running -= 1;
        underWay.delete(work);
        if (!closed) void pump();
      });
      underWay.add(work);
    }
  };

  const schedule = () => {
    if (!started || closed) return;
    timer = setTimeout(() => {
      void pump().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    ingestEmbedder: model === undefined && embedder.kind === 'lexical' ? embedder : undefined,
    start() {
      if (started) return;
      started = true;
      void upkeep.run().then(pump);
      schedule();
    },
    wake() {
      if (started && !closed) void pump();
    },
    async drain() {
      for (;;) {
        await pump();
        if (underWay.size === 0) {
          const [due] = rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from investigator_alert_jobs
              where state = 'pending' and run_after <= now()`),
          );
          if (Number(due?.n ?? 0) === 0) return;
        } else await Promise.race(underWay);
      }
    },
    async close() {
      closed = true;
      stopping.abort(new Error('the summary worker was closed'));
      if (timer !== undefined) clearTimeout(timer);
      await Promise.allSettled([...underWay]);
    },
  };
}

/** `work`, or its signal's reason once aborted: a provider that ignores the signal cannot hold a job past its deadline. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function isTrue(value: unknown): boolean {
  return value === true || value === 't';
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
