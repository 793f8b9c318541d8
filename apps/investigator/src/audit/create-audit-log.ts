import { type SQL, sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/rows-of.js';
import type { AuditEntry, NewAuditEntry } from './audit-entry.js';
import { auditInsert } from './audit-insert.js';

/** Anything that runs SQL: the store's database or a transaction of it. */
export type AuditWriter = Pick<DrizzleStore['db'], 'execute'>;

/** Filters of {@link AuditLog.list}. */
export interface ListAuditOptions {
  /** Only entries about this target (`alert:<id>`…). */
  target?: string | undefined;
  /** Only entries by this user. */
  actor?: string | undefined;
  /** Only entries after this id (paging forward). */
  afterId?: number | undefined;
  /** At most this many, oldest first (default 500). */
  limit?: number;
}

/** The investigator's audit log: append-only, in the store. */
export interface AuditLog {
  /** Appends one entry through `writer` (pass the transaction of the change it records). */
  record(writer: AuditWriter, entry: NewAuditEntry): Promise<void>;
  list(options?: ListAuditOptions): Promise<AuditEntry[]>;
  /** Every entry, oldest first, one JSON object per line (JSON Lines), in pages of 1,000 rows. */
  exportLines(): AsyncIterable<string>;
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  actor: string;
  via: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The audit log of an investigator store: every state change is one row (who, how identified, when, what,
 * the target, before and after), written in the same transaction as the change. Rows are never changed:
 * the product has no route or command that edits or deletes one, and the database refuses it too (a
 * trigger raises on UPDATE, DELETE and TRUNCATE of `investigator_audit`).
 *
 * @example
 * const audit = createAuditLog(store);
 * await store.transaction(async (tx) => {
 *   await tx.execute(sql`update investigator_alerts set assignee = 'jane' where id = ${id}`);
 *   await audit.record(tx, { actor, action: 'alert.assign', target: `alert:${id}`, before: null, after: 'jane' });
 * });
 */
export function createAuditLog(store: DrizzleStore): AuditLog {
  const select = async (where: SQL[], limit: number) =>
    rowsOf<AuditRow>(
      await store.db.execute(sql`select id, at, actor, via, action, target, before, after from investigator_audit
        where ${where.length === 0 ? sql`true` : sql.join(where, sql` and `)} order by id limit ${limit}`),
    ).map(entryFromRow);
  return {
    async record(writer, entry) {
      await writer.execute(auditInsert(entry));
    },
    list({ target, actor, afterId, limit = 500 } = {}) {
      const where: SQL[] = [];
      if (target !== undefined) where.push(sql`target = ${target}`);
      if (actor !== undefined) where.push(sql`actor = ${actor}`);
      if (afterId !== undefined) where.push(sql`id > ${afterId}`);
      return select(where, limit);
    },
    async *exportLines() {
      let after = 0;
      for (;;) {
        const page = await select([sql`id > ${after}`], 1000);
        for (const entry of page) yield JSON.stringify(entry);
        const last = page.at(-1);
        if (last === undefined || page.length < 1000) return;
        after = last.id;
      }
    },
  };
}

function entryFromRow(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at),
    actor: { name: row.actor, via: row.via },
    action: row.action,
    ...(row.target === null ? {} : { target: row.target }),
    ...(row.before === null ? {} : { before: row.before }),
    ...(row.after === null ? {} : { after: row.after }),
  };
}
