export type { Actor, AuditEntry, NewAuditEntry } from './audit-entry.js';
export { auditInsert } from './audit-insert.js';
export {
  type AuditLog,
  type AuditWriter,
  createAuditLog,
  type ListAuditOptions,
} from './create-audit-log.js';
