/** A field of a BigQuery table or result schema (REST `TableFieldSchema`). */
export interface BigQueryField {
  name: string;
  type: string;
  mode?: string;
  fields?: BigQueryField[];
}

/** A row as BigQuery's REST API returns it (`TableRow`): `{ f: [{ v }] }`. */
export interface BigQueryRow {
  f: { v: unknown }[];
}

/**
 * Turns REST rows into JSON objects keyed by column name, by the schema: integers within the safe range
 * and floats become numbers, booleans booleans, timestamps (microseconds, as `useInt64Timestamp` asks)
 * ISO strings, records objects, repeated fields arrays; everything else stays the string BigQuery sent.
 */
export function bigQueryRows(
  fields: readonly BigQueryField[],
  rows: readonly BigQueryRow[],
): Record<string, unknown>[] {
  return rows.map((row) => record(fields, row));
}

function record(fields: readonly BigQueryField[], row: BigQueryRow): Record<string, unknown> {
  return Object.fromEntries(fields.map((field, index) => [field.name, cell(field, row.f[index]?.v)]));
}

function cell(field: BigQueryField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.mode === 'REPEATED') {
    return (value as { v: unknown }[]).map((item) => scalar(field, item.v));
  }
  return scalar(field, value);
}

function scalar(field: BigQueryField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'RECORD':
    case 'STRUCT':
      return record(field.fields ?? [], value as BigQueryRow);
    case 'INTEGER':
    case 'INT64': {
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : String(value);
    }
    case 'FLOAT':
    case 'FLOAT64':
      return Number(value);
    case 'BOOLEAN':
    case 'BOOL':
      return value === 'true' || value === true;
    case 'TIMESTAMP': {
      const text = String(value);
      return /^-?\d+$/.test(text) ? new Date(Number(BigInt(text) / 1000n)).toISOString() : text;
    }
    default:
      return value;
  }
}
