import { type SQL, sql } from 'drizzle-orm';
import type { NewAuditEntry } from './audit-entry.js';

/**
 * The statement appending `entry` to the audit log, only when `when` holds (a condition on what the same
 * statement's other parts did, e.g. `exists (select 1 from stored where inserted)` in a CTE): how a change
 * and its entry are written in one round trip. `AuditLog.record` runs it on its own.
 *
 * @example
 * await tx.execute(auditInsert({ actor, action: 'alert.assign', target: `alert:${id}`, after: 'jane' }));
 */
export function auditInsert(
  { actor, action, target, before, after }: NewAuditEntry,
  when: SQL = sql`true`,
): SQL {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return sql`insert into investigator_audit (actor, via, action, target, before, after)
    select ${actor.name}, ${actor.via}, ${action}, ${target ?? null}, ${json(before)}::jsonb, ${json(after)}::jsonb
    where ${when}`;
}
