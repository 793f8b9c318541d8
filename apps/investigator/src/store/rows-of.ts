/** The rows of a raw `db.execute` result: both drivers (PGlite and `pg`) return them as `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
