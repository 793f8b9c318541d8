/** One forward-only schema change: drizzle-kit's SQL, statements separated by `--> statement-breakpoint`. */
export interface Migration {
  /** drizzle-kit's tag, e.g. `0000_sessions`; migrations apply in journal order. */
  tag: string;
  sql: string;
}
