/** Who did something: a user's name and how they were identified. */
export interface Actor {
  name: string;
  /** `token` (the admin token), `password`, `oidc`, `proxy` (a reverse proxy's header), `cli`, `webhook`, `agent`. */
  via: string;
}

/** What the audit log records of one state change. */
export interface NewAuditEntry {
  actor: Actor;
  /**
   * What happened, noun.verb: `alert.ingest`, `alert.resolve`, `alert.reopen`, `alert.verdict`,
   * `alert.merge`, `alert.unmerge`, `alert.assign`, `alert.tags`, `alert.status`, `alert.comment`,
   * `tool.approval-request`, `tool.approve`, `tool.reject`, `memory.delete`, `user.sign-in`,
   * `user.sign-in-refused`, `user.sign-out`, `user.add`, `user.role`, `user.disable`, `user.password`,
   * `session.revoke`, `settings.admin-token`.
   */
  action: string;
  /** What it was done to (`alert:<id>`, `user:<name>`, `approval:<id>`, `memory:<namespace>/<id>`). */
  target?: string | undefined;
  /** The state before, when there was one. */
  before?: unknown;
  /** The state after. */
  after?: unknown;
}

/** One row of the audit log. */
export interface AuditEntry extends NewAuditEntry {
  id: number;
  at: Date;
}
