import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type Actor, createAuditLog } from '../audit/index.js';
import { rowsOf } from '../store/index.js';
import {
  type Alert,
  type AlertConclusion,
  type AlertStatus,
  alertConclusions,
  type NewAlert,
} from './alert.js';
import { alertEmbeddingText } from './alert-embedding-text.js';
import { type AlertRow, alertColumns, alertFromRow } from './alert-row.js';
import { AlertStateError } from './alert-state-error.js';
import { checkEmbeddingSpace } from './check-embedding-space.js';
import type { AlertEmbeddingSpace } from './embedding-space-error.js';
import { InvalidAlertError } from './invalid-alert-error.js';
import { UnknownAlertError } from './unknown-alert-error.js';

/** Filters of {@link AlertStore.list}. */
export interface ListAlertsOptions {
  status?: AlertStatus | undefined;
  /** Only alerts created at or after this time. */
  since?: Date | undefined;
  /** Only alerts whose title or description contains this text (case-insensitive). */
  text?: string | undefined;
  /** Only alerts assigned to this analyst (`''`: only unassigned ones). */
  assignee?: string | undefined;
  /** Only alerts with this tag. */
  tag?: string | undefined;
  /** Also alerts merged into another (default false: they are listed under that one). */
  includeMerged?: boolean;
  /** At most this many, newest first (default 50). */
  limit?: number;
}

/** What {@link AlertStore.resolve} takes: the analyst's verdict. */
export interface ResolveAlertInput {
  id: string;
  conclusion: AlertConclusion;
  reason: string;
  /** The analyst resolving it (required: an alert is never resolved anonymously). */
  by: Actor;
}

/** What {@link AlertStore.search} looks for: text anywhere in the alert, and/or attributes that must match. */
export interface SearchAlertsInput {
  /** Case-insensitive text in the title, description, attributes or raw alert. */
  text?: string | undefined;
  /** Attributes the alert must have with exactly these values. */
  attributes?: Record<string, string> | undefined;
  /** At most this many, newest first (default 20). */
  limit?: number;
}

/** An alert and how far its embedding is from the one asked about (cosine distance, 0 = same direction). */
export interface SimilarAlert {
  alert: Alert;
  distance: number;
}

/** The alerts of an investigator store. */
export interface AlertStore {
  /** Stores an ingested alert as `open` and returns it with its id; `by` is recorded in the audit log (default the webhook). */
  create(alert: NewAlert, options?: { by?: Actor }): Promise<Alert>;
  /** The alert with this id; throws `UnknownAlertError`. */
  get(id: string): Promise<Alert>;
  list(options?: ListAlertsOptions): Promise<Alert[]>;
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
  search(input: SearchAlertsInput): Promise<Alert[]>;
  /** The alerts merged into `id`. */
  mergedInto(id: string): Promise<Alert[]>;
  /** The embedders (with their vectors' length) the stored alerts were embedded by, most alerts first. */
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
  const one = async (id: string, where: SQL = sql`id = ${id}`) => {
    const [row] = rowsOf<AlertRow>(
      await db.execute(sql`select ${alertColumns} from investigator_alerts where ${where}`),
    );
    if (row === undefined) throw new UnknownAlertError({ id });
    return alertFromRow(row);
  };
  const many = async (query: SQL) => rowsOf<AlertRow>(await db.execute(query)).map(alertFromRow);

  return {
    async create(alert, { by = { name: 'webhook', via: 'webhook' } } = {}) {
      // Vectors of two embedders (or two lengths) cannot be compared: refuse to mix them.
      checkEmbeddingSpace({
        stored: await spacesOf(db),
        embedder: alert.embedder,
        dimensions: alert.embedding.length,
      });
      const id = randomBytes(6).toString('hex');
      await store.transaction(async (tx) => {
        await tx.execute(sql`insert into investigator_alerts
          (id, schema, raw, title, description, attributes, iocs, severity, summarized_by, embedder, embedding)
          values (${id}, ${alert.schema}, ${alert.raw}, ${alert.title}, ${alert.description},
            ${JSON.stringify(alert.attributes)}::json, ${JSON.stringify(alert.iocs)}::jsonb, ${alert.severity},
            ${alert.summarizedBy}, ${alert.embedder}, ${store.vectorParam(alert.embedding)})`);
        await audit.record(tx, {
          actor: by,
          action: 'alert.ingest',
          target: `alert:${id}`,
          after: { schema: alert.schema, title: alert.title, severity: alert.severity },
        });
      });
      return one(id);
    },

    get: (id) => one(id),

    async list({ status, since, text, assignee, tag, includeMerged = false, limit = 50 } = {}) {
      const where: SQL[] = [sql`true`];
      if (status !== undefined) where.push(sql`status = ${status}`);
      if (assignee !== undefined)
        where.push(assignee === '' ? sql`assignee is null` : sql`assignee = ${assignee}`);
      if (tag !== undefined) where.push(sql`tags @> ${JSON.stringify([tag])}::jsonb`);
      if (since !== undefined) where.push(sql`created_at >= ${since.toISOString()}::timestamptz`);
      if (text !== undefined && text !== '') {
        const pattern = likePattern(text);
        where.push(sql`(title ilike ${pattern} escape '\\' or description ilike ${pattern} escape '\\')`);
      }
      if (!includeMerged) where.push(sql`merged_into is null`);
      return many(sql`select ${alertColumns} from investigator_alerts where ${sql.join(where, sql` and `)}
        order by created_at desc, id limit ${positive(limit, 'limit')}`);
    },

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
      await one(id);
      const rows = rowsOf<AlertRow & { distance: number }>(
        await db.execute(sql`with query as (
            select embedder as query_embedder, embedding as query_embedding from investigator_alerts where id = ${id})
          select ${alertColumns}, (embedding <=> query_embedding)::float8 as distance
          from investigator_alerts, query
          where id <> ${id} and embedder = query_embedder and vector_dims(embedding) = vector_dims(query_embedding)
          order by embedding <=> query_embedding, id limit ${positive(k, 'k')}`),
      );
      return rows.map((row) => ({ alert: alertFromRow(row), distance: Number(row.distance) }));
    },

    async search({ text, attributes, limit = 20 }) {
      const where: SQL[] = [];
      if (text !== undefined && text !== '') {
        const pattern = likePattern(text);
        where.push(sql`(title ilike ${pattern} escape '\\' or description ilike ${pattern} escape '\\'
          or attributes::text ilike ${pattern} escape '\\' or raw ilike ${pattern} escape '\\')`);
      }
      if (attributes !== undefined && Object.keys(attributes).length > 0) {
        where.push(sql`attributes::jsonb @> ${JSON.stringify(attributes)}::jsonb`);
      }
      if (where.length === 0) {
        throw new InvalidAlertError({
          input: 'search',
          expected: 'a text or at least one attribute',
          found: 'neither',
        });
      }
      return many(sql`select ${alertColumns} from investigator_alerts where ${sql.join(where, sql` and `)}
        order by created_at desc, id limit ${positive(limit, 'limit')}`);
    },

    mergedInto(id) {
      return many(
        sql`select ${alertColumns} from investigator_alerts where merged_into = ${id} order by created_at, id`,
      );
    },

    embeddingSpaces: () => spacesOf(db),

    async reembed(embedder) {
      const before = await spacesOf(db);
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
        checkEmbeddingSpace({
          stored: await spacesOf(tx),
          embedder: embedder.id,
          dimensions: embedder.dimensions,
        });
      });
      return { alerts: rows.length, before };
    },
  };
}

/** `text` as an ILIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidAlertError({ input: name, expected: 'a positive integer', found: String(value) });
  }
  return value;
}

const reembedBatch = 64;

async function spacesOf(db: Pick<DrizzleStore['db'], 'execute'>): Promise<AlertEmbeddingSpace[]> {
  return rowsOf<AlertEmbeddingSpace>(
    await db.execute(sql`select embedder, vector_dims(embedding)::int as dimensions, count(*)::int as alerts
      from investigator_alerts group by embedder, vector_dims(embedding) order by alerts desc, embedder`),
  );
}
