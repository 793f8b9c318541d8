export type { Actor, AuditEntry, NewAuditEntry } from './audit-entry.js';
export {
  type AuditLog,
  type AuditWriter,
  createAuditLog,
  type ListAuditOptions,
} from './create-audit-log.js';
