import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type Actor, auditInsert, createAuditLog } from '../audit/index.js';
import { rowsOf } from '../store/index.js';
import { type Alert, type AlertConclusion, alertConclusions, type NewAlert } from './alert.js';
import {
  claimEmbeddingSpace,
  describeEmbeddingSpace,
  replaceEmbeddingSpace,
} from './alert-embedding-space.js';
import { alertEmbeddingText } from './alert-embedding-text.js';
import { alertListPage, alertListWhere, type ListAlertsOptions } from './alert-list-query.js';
import {
  type AlertListItem,
  type AlertRow,
  alertColumns,
  alertFromRow,
  alertListColumns,
  alertListItemFromRow,
  storedAlertColumns,
} from './alert-row.js';
import { AlertStateError } from './alert-state-error.js';
import type { AlertEmbeddingSpace } from './embedding-space-error.js';
import { InvalidAlertError } from './invalid-alert-error.js';
import { type AlertPage, listAlerts } from './list-alerts.js';
import { similarAlertsQuery } from './similar-alerts-query.js';
import { UnknownAlertError } from './unknown-alert-error.js';

/** What {@link AlertStore.resolve} takes: the analyst's verdict. */
export interface ResolveAlertInput {
  id: string;
  conclusion: AlertConclusion;
  reason: string;
  /** The analyst resolving it (required: an alert is never resolved anonymously). */
  by: Actor;
}

/** What {@link AlertStore.search} looks for: text anywhere in the alert, and/or attributes that must match. */
export type SearchAlertsInput = Pick<ListAlertsOptions, 'text' | 'attributes' | 'limit'>;

/** What {@link AlertStore.receive} did with an alert: stored it, or folded it into an open duplicate. */
export interface ReceivedAlert {
  alert: Alert;
  /** True when it was a duplicate: the open alert with its fingerprint counted it (`occurrences`, `lastSeenAt`). */
  folded: boolean;
}

/** An alert and how far its embedding is from the one asked about (cosine distance, 0 = same direction). */
export interface SimilarAlert {
  alert: AlertListItem;
  distance: number;
}

/** The alerts of an investigator store. */
export interface AlertStore {
  /**
   * Stores an ingested alert as `open` (its embedding checked against the store's space) and returns it, or
   * the open alert with the same fingerprint, which counts it once more; `by` is recorded in the audit log
   * (default the webhook).
   */
  create(alert: NewAlert, options?: { by?: Actor }): Promise<Alert>;
  /**
   * Stores an alert not yet summarized by the model nor embedded, with a job for both, in one statement
   * (durable before the webhook answers; `createSummaryWorker` does the jobs); a duplicate of an open alert
   * is folded into it instead. An alert given with its `embedding` (the worker's `ingestEmbedder`: no model
   * to wait for) is stored with it and needs no job, when the vector is of the store's embedding space;
   * otherwise the job embeds it (and claims the space for the store's first alert).
   */
  receive(alert: NewAlert): Promise<ReceivedAlert>;
  /** {@link AlertStore.receive} for a batch, in one transaction: all stored (or folded), or none. */
  receiveAll(alerts: readonly NewAlert[]): Promise<ReceivedAlert[]>;
  /** The alert with this id; throws `UnknownAlertError`. */
  get(id: string): Promise<Alert>;
  /** A page of alerts matching the filters, their total and the next page's cursor. */
  list(options?: ListAlertsOptions): Promise<AlertPage>;
  /**
   * Records an analyst's verdict on the alert (open or in progress) and the alerts merged into it, with
   * its audit-log entry, in one transaction.
   */
  resolve(input: ResolveAlertInput): Promise<Alert>;
  /** Files alert `id` under `into` (the same incident); alerts already under `id` move with it. Audited. */
  merge(input: { id: string; into: string; by: Actor }): Promise<Alert>;
  /** Takes alert `id` out of the alert it was merged into. Audited. */
  unmerge(input: { id: string; by: Actor }): Promise<Alert>;
  /** The `k` alerts nearest to `id` by embedding (pgvector cosine distance), among those of its embedder. */
  similar(id: string, k?: number): Promise<SimilarAlert[]>;
  /** Alerts by text and/or attributes, newest first (default 20); see {@link ListAlertsOptions.text}. */
  search(input: SearchAlertsInput): Promise<AlertListItem[]>;
  /** The alerts merged into `id`. */
  mergedInto(id: string): Promise<AlertListItem[]>;
  /** The store's embedding space (one embedder, one vector length) and how many alerts are embedded in it. */
  embeddingSpaces(): Promise<AlertEmbeddingSpace[]>;
  /**
   * Embeds every alert again with `embedder` (from its title, description and attributes, as at ingest)
   * and replaces all embeddings in one transaction, so the store never holds two embedders' vectors;
   * nothing else of an alert changes. Returns how many alerts, and the spaces they were in before.
   */
  reembed(embedder: Embedder): Promise<{ alerts: number; before: AlertEmbeddingSpace[] }>;
}

/**
 * The alerts kept in an investigator store (opened by `openInvestigatorStore`). There is no way to resolve
 * an alert without naming the analyst: the chat agent's tools never reach `resolve`.
 *
 * @example
 * const alerts = createAlertStore(store);
 * const alert = await alerts.create(await ingestAlert({ raw, schema: 'sentinel', embedder }));
 * await alerts.resolve({ id: alert.id, conclusion: 'benign', reason: 'admin backup job', by: 'jane' });
 */
export function createAlertStore(store: DrizzleStore): AlertStore {
  const db = store.db;
  const audit = createAuditLog(store);
  const webhook: Actor = { name: 'webhook', via: 'webhook' };
  const one = async (id: string) => {
    const [row] = rowsOf<AlertRow>(
      await db.execute(sql`select ${alertColumns} from investigator_alerts where id = ${id}`),
    );
    if (row === undefined) throw new UnknownAlertError({ id });
    return alertFromRow(row);
  };
  const many = async (query: SQL) => rowsOf<AlertRow>(await db.execute(query)).map(alertListItemFromRow);

  // One statement for both paths, one round trip: the insert, its audit entry and (for the webhook) its
  // summary job, returning the stored alert. A duplicate of an open alert (same fingerprint) is counted on
  // it instead: no entry (a storm adds none), no job. A vector is stored only in the store's embedding
  // space (`create` claims it first); a webhook alert stored with one needs no job (see `receive`).
  const insert = async (executor: Executor, alert: NewAlert, by: Actor, queue: boolean) => {
    const id = newId();
    const inserted = sql`exists (select 1 from stored where inserted)`;
    const embedding =
      alert.embedding === undefined
        ? sql`null`
        : sql`(select ${store.vectorParam(alert.embedding)} from investigator_alert_space
            where id = 1 and embedder = ${alert.embedder} and dimensions = ${alert.embedding.length})`;
    const [row] = rowsOf<AlertRow & { inserted: unknown }>(
      await executor.execute(sql`with stored as (insert into investigator_alerts
        (id, schema, raw, title, description, attributes, iocs, iocs_omitted, severity, summarized_by, fingerprint,
         host, user_name, source, event_time, embedder, embedding)
        values (${id}, ${alert.schema}, ${alert.raw}, ${alert.title}, ${alert.description},
          ${JSON.stringify(alert.attributes)}::json, ${JSON.stringify(alert.iocs)}::jsonb, ${alert.iocsOmitted},
          ${alert.severity}, ${alert.summarizedBy}, ${alert.fingerprint}, ${alert.host ?? null},
          ${alert.user ?? null}, ${alert.source ?? null}, ${alert.eventTime?.toISOString() ?? null}::timestamptz,
          ${alert.embedder}, ${embedding})
        on conflict (fingerprint) where status in ('open', 'in_progress')
        do update set occurrences = investigator_alerts.occurrences + 1, last_seen_at = now()
        returning *, (xmax = 0) as inserted),
      audited as (${auditInsert(
        {
          actor: by,
          action: 'alert.ingest',
          target: `alert:${id}`,
          after: { schema: alert.schema, title: alert.title, severity: alert.severity },
        },
        inserted,
      )}),
      queued as (insert into investigator_alert_jobs (alert_id)
        select id from stored where inserted and stored.embedding is null and ${sql.raw(String(queue))})
      select ${storedAlertColumns(queue ? 'inserted and embedding is null' : 'false')}, inserted from stored`),
    );
    if (row === undefined) throw new Error('the alert insert returned no row');
    return { alert: alertFromRow(row), folded: !(row.inserted === true || String(row.inserted) === 't') };
  };

  const receiveAll = async (batch: readonly NewAlert[]): Promise<ReceivedAlert[]> => {
    // One alert is one statement (atomic on its own); a batch is stored in one transaction, all or nothing.
    if (batch.length === 1 && batch[0] !== undefined) return [await insert(db, batch[0], webhook, true)];
    return store.transaction(async (tx) => {
      const received: ReceivedAlert[] = [];
      for (const alert of batch) received.push(await insert(tx, alert, webhook, true));
      return received;
    });
  };

  return {
    async create(alert, { by = webhook } = {}) {
      return store.transaction(async (tx) => {
        // Vectors of two embedders (or two lengths) cannot be compared: refuse to mix them.
        if (alert.embedding !== undefined) {
          await claimEmbeddingSpace(tx, alert.embedder, alert.embedding.length);
        }
        return (await insert(tx, alert, by, false)).alert;
      });
    },

    async receive(alert) {
      const [received] = await receiveAll([alert]);
      if (received === undefined) throw new Error('no alert was received');
      return received;
    },

    receiveAll,

    get: (id) => one(id),

    list: (options = {}) => listAlerts(db, options),

    async resolve({ id, conclusion, reason, by }) {
      if (!alertConclusions.includes(conclusion)) {
        throw new InvalidAlertError({
          input: 'resolve conclusion',
          expected: `one of ${alertConclusions.join(', ')}`,
          found: JSON.stringify(conclusion),
        });
      }
      if (reason.trim() === '')
        throw new InvalidAlertError({ input: 'resolve reason', expected: 'a reason', found: 'nothing' });
      if (by.name.trim() === '')
        throw new InvalidAlertError({
          input: 'resolve by',
          expected: "the analyst's name",
          found: 'nothing',
        });
      const alert = await one(id);
      if (alert.mergedInto !== undefined) {
        throw new AlertStateError({
          id,
          message: `it is merged into ${alert.mergedInto}; resolve that alert instead`,
        });
      }
      if (alert.status === 'resolved' || alert.status === 'archived') {
        throw new AlertStateError({
          id,
          message:
            alert.status === 'archived'
              ? 'it is archived; reopen it first'
              : `it was already resolved (${alert.resolution?.conclusion}) by ${alert.resolution?.by}; change its verdict or reopen it instead`,
        });
      }
      const resolution = {
        conclusion,
        reason: reason.trim(),
        by: by.name.trim(),
        at: new Date().toISOString(),
      };
      await store.transaction(async (tx) => {
        const changed = rowsOf<{ id: string; status: string }>(
          await tx.execute(sql`select id, status from investigator_alerts
            where (id = ${id} or merged_into = ${id}) and status in ('open', 'in_progress') order by id`),
        );
        await tx.execute(sql`update investigator_alerts set status = 'resolved', resolution = ${JSON.stringify(resolution)}::jsonb
          where (id = ${id} or merged_into = ${id}) and status in ('open', 'in_progress')`);
        for (const row of changed) {
          await audit.record(tx, {
            actor: by,
            action: 'alert.resolve',
            target: `alert:${row.id}`,
            before: { status: row.status },
            after: { status: 'resolved', ...resolution },
          });
        }
      });
      return one(id);
    },

    async merge({ id, into, by }) {
      if (id === into) throw new AlertStateError({ id, message: 'an alert cannot be merged into itself' });
      const [alert, target] = [await one(id), await one(into)];
      if (target.mergedInto !== undefined) {
        throw new AlertStateError({
          id: into,
          message: `it is itself merged into ${target.mergedInto}; merge into that alert instead`,
        });
      }
      if (alert.mergedInto !== undefined) {
        throw new AlertStateError({
          id,
          message: `it is already merged into ${alert.mergedInto}; unmerge it first`,
        });
      }
      // Merging an open alert into a resolved one would leave it open under a closed case (or close it
      // with a resolution nobody gave it): refused, the analyst resolves it on its own.
      if (target.status === 'resolved' && alert.status !== 'resolved') {
        throw new AlertStateError({
          id: into,
          message: `it is resolved and ${id} is open; resolve ${id} on its own instead of merging it`,
        });
      }
      await store.transaction(async (tx) => {
        await tx.execute(sql`update investigator_alerts set merged_into = ${into} where merged_into = ${id}`);
        await tx.execute(sql`update investigator_alerts set merged_into = ${into} where id = ${id}`);
        await audit.record(tx, {
          actor: by,
          action: 'alert.merge',
          target: `alert:${id}`,
          before: { mergedInto: null },
          after: { mergedInto: into },
        });
      });
      return one(id);
    },

    async unmerge({ id, by }) {
      const alert = await one(id);
      if (alert.mergedInto === undefined)
        throw new AlertStateError({ id, message: 'it is not merged into another alert' });
      await store.transaction(async (tx) => {
        await tx.execute(sql`update investigator_alerts set merged_into = null where id = ${id}`);
        await audit.record(tx, {
          actor: by,
          action: 'alert.unmerge',
          target: `alert:${id}`,
          before: { mergedInto: alert.mergedInto },
          after: { mergedInto: null },
        });
      });
      return one(id);
    },

    async similar(id, k = 5) {
      const limit = positive(k, 'k');
      // The alert and the store's space in one round trip; an alert not embedded in it has no neighbours.
      const [found] = rowsOf<{ embedder: string | null; dimensions: number | null; embedded: unknown }>(
        await db.execute(sql`select space.embedder, space.dimensions,
            (alert.embedding is not null and vector_dims(alert.embedding) = space.dimensions) as embedded
          from investigator_alerts alert left join investigator_alert_space space on space.id = 1
          where alert.id = ${id}`),
      );
      if (found === undefined) throw new UnknownAlertError({ id });
      if (found.embedder === null || !(found.embedded === true || String(found.embedded) === 't')) return [];
      const rows = rowsOf<AlertRow & { distance: number }>(
        await db.execute(
          similarAlertsQuery({
            id,
            dimensions: Number(found.dimensions),
            embedder: found.embedder,
            k: limit,
          }),
        ),
      );
      return rows.map((row) => ({ alert: alertListItemFromRow(row), distance: Number(row.distance) }));
    },

    async search({ text, attributes, limit = 20 }) {
      if ((text === undefined || text.trim() === '') && Object.keys(attributes ?? {}).length === 0) {
        throw new InvalidAlertError({
          input: 'search',
          expected: 'a text or at least one attribute',
          found: 'neither',
        });
      }
      const options = { text, attributes, limit, includeMerged: true };
      return many(sql`select ${alertListColumns} from investigator_alerts where ${alertListWhere(options)}
        ${alertListPage(options)}`);
    },

    mergedInto(id) {
      return many(
        sql`select ${alertListColumns} from investigator_alerts where merged_into = ${id} order by created_at, id`,
      );
    },

    embeddingSpaces: () => describeEmbeddingSpace(db),

    async reembed(embedder) {
      const before = await describeEmbeddingSpace(db);
      const rows = rowsOf<Pick<AlertRow, 'id' | 'title' | 'description' | 'attributes'>>(
        await db.execute(sql`select id, title, description, attributes from investigator_alerts order by id`),
      );
      const vectors: number[][] = [];
      for (let start = 0; start < rows.length; start += reembedBatch) {
        vectors.push(
          ...(await embedder.embed(rows.slice(start, start + reembedBatch).map(alertEmbeddingText))),
        );
      }
      await store.transaction(async (tx) => {
        for (const [index, row] of rows.entries()) {
          await tx.execute(sql`update investigator_alerts
            set embedder = ${embedder.id}, embedding = ${store.vectorParam(vectors[index] ?? [])} where id = ${row.id}`);
        }
        // An alert stored while the others were being embedded would be left in the old space: undo all.
        const [left] = rowsOf<{ id: string }>(
          await tx.execute(sql`select id from investigator_alerts where embedding is not null
            and (embedder <> ${embedder.id} or vector_dims(embedding) <> ${embedder.dimensions}) limit 1`),
        );
        if (left !== undefined) {
          throw new AlertStateError({
            id: left.id,
            message: 'it was stored while re-embedding; run reembed again',
          });
        }
        await replaceEmbeddingSpace(tx, embedder.id, embedder.dimensions);
      });
      return { alerts: rows.length, before };
    },
  };
}

type Executor = Pick<DrizzleStore['db'], 'execute'>;

function newId(): string {
  return randomBytes(6).toString('hex');
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidAlertError({ input: name, expected: 'a positive integer', found: String(value) });
  }
  return value;
}

const reembedBatch = 64;
