import type { DuckDBConnection } from '@duckdb/node-api';
import { LogLoadError } from '../log-load-error.js';

/** A column `importLogFiles` parses as a timestamp, and from what. */
export interface TimestampColumn {
  name: string;
  /** What the values were: ISO 8601 text, or epoch seconds, milliseconds, microseconds, nanoseconds. */
  from: 'iso-8601' | 'epoch-s' | 'epoch-ms' | 'epoch-us' | 'epoch-ns';
  /** `TIMESTAMP`, or `TIMESTAMP_NS` when the values carry nanoseconds. */
  type: 'TIMESTAMP' | 'TIMESTAMP_NS';
  /** The DuckDB expression that converts the column. */
  expression: string;
}

const isoPattern = String.raw`^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$`;
const numericTypes =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL.*)$/;
/**
 * Names that may say "a point in time" (`ts`, `time`, `@timestamp`, `eventTime`, `timeUnixNano`,
 * `created_at`, …); a duration such as `runtime` passes too, and is then left alone by the epoch check.
 */
const timeName = /time|date|(^|[_@.])ts($|_)|_at$|[a-z]At$/i;
/** Epoch magnitudes: the unit whose values fall between 1973 and 2286. */
const epochBands = [
  { from: 'epoch-s', low: 1e8, high: 1e10 },
  { from: 'epoch-ms', low: 1e11, high: 1e13 },
  { from: 'epoch-us', low: 1e14, high: 1e16 },
  { from: 'epoch-ns', low: 1e17, high: 1e19 },
] as const;

/**
 * Finds the columns of `table` to parse as timestamps: text columns whose every value is ISO 8601, and
 * numeric columns with a time-like name (or listed in `explicit`, or Zeek `time` columns) whose every value
 * is an epoch in one unit (the unit read from the magnitude). A column named in `explicit` that cannot be
 * parsed throws a `LogLoadError` naming it and a value that is not a timestamp.
 */
export async function timestampColumns(
  connection: DuckDBConnection,
  {
    table,
    columns,
    explicit,
    label,
  }: {
    table: string;
    columns: readonly { name: string; type: string }[];
    explicit: ReadonlySet<string>;
    label: string;
  },
): Promise<TimestampColumn[]> {
  const found: TimestampColumn[] = [];
  for (const column of columns) {
    const listed = explicit.has(column.name);
    const id = `"${column.name.replaceAll('"', '""')}"`;
    if (column.type === 'VARCHAR') {
      const reader = await connection.runAndReadAll(
        `select count(${id}), count(*) filter (where ${id} is not null and not regexp_full_match(${id}, '${isoPattern}')),
           max(length(regexp_extract(${id}, '\\.(\\d+)', 1))),
           any_value(${id}) filter (where ${id} is not null and not regexp_full_match(${id}, '${isoPattern}'))
         from ${table}`,
      );
      const [present, bad, digits, example] = reader.getRows()[0] ?? [];
      if (Number(present) > 0 && Number(bad) === 0) {
        const type = Number(digits ?? 0) > 6 ? 'TIMESTAMP_NS' : 'TIMESTAMP';
        found.push({ name: column.name, from: 'iso-8601', type, expression: `cast(${id} as ${type})` });
      } else if (listed) {
        throw notTimestamp(label, column.name, String(example ?? 'no values'));
      }
    } else if (numericTypes.test(column.type) && (listed || timeName.test(column.name))) {
      const reader = await connection.runAndReadAll(
        `select min(${id})::double, max(${id})::double from ${table}`,
      );
      const [low, high] = (reader.getRows()[0] ?? []).map((value) =>
        value === null ? undefined : Number(value),
      );
      const band = epochBands.find(
        (entry) => low !== undefined && high !== undefined && low >= entry.low && high < entry.high,
      );
      if (band !== undefined) found.push(epoch(column.name, id, band.from));
      else if (listed) throw notTimestamp(label, column.name, String(low ?? 'no values'));
    } else if (listed && !/^TIMESTAMP/.test(column.type)) {
      throw notTimestamp(label, column.name, `a ${column.type} column`);
    }
  }
  return found;
}

function epoch(name: string, id: string, from: TimestampColumn['from']): TimestampColumn {
  switch (from) {
    case 'epoch-s':
      return {
        name,
        from,
        type: 'TIMESTAMP',
        expression: `make_timestamp(cast(round(${id} * 1000000) as bigint))`,
      };
    case 'epoch-ms':
      return {
        name,
        from,
        type: 'TIMESTAMP',
        expression: `make_timestamp(cast(round(${id} * 1000) as bigint))`,
      };
    case 'epoch-us':
      return { name, from, type: 'TIMESTAMP', expression: `make_timestamp(cast(${id} as bigint))` };
    default:
      return { name, from, type: 'TIMESTAMP_NS', expression: `make_timestamp_ns(cast(${id} as bigint))` };
  }
}

function notTimestamp(label: string, column: string, example: string): LogLoadError {
  return new LogLoadError({
    path: label,
    message: `${label}: column ${column} was named as a timestamp, but holds ${JSON.stringify(example)}; expected ISO 8601 text or epoch seconds, milliseconds, microseconds or nanoseconds`,
  });
}
