import { readFile } from 'node:fs/promises';
import { LogLoadError } from '../log-load-error.js';
import type { LogFileFormat } from './detect-log-format.js';

/** The column `importLogFiles` tags each row with, to count rows per file (dropped before storing). */
export const sourceFileColumn = '__investigator_source_file';

/** Zeek's types as DuckDB reads them; `time` columns are then parsed as timestamps (epoch seconds). */
const zeekTypes: Record<string, string> = {
  time: 'DOUBLE',
  interval: 'DOUBLE',
  double: 'DOUBLE',
  count: 'UBIGINT',
  int: 'BIGINT',
  port: 'INTEGER',
  bool: 'BOOLEAN',
};

/** A SELECT reading `files` of one format with DuckDB, columns unified by name, each row tagged with its file. */
export async function readLogFilesSql(format: LogFileFormat, files: readonly string[]): Promise<string> {
  const list = `[${files.map(quote).join(', ')}]`;
  const tagged = `filename = '${sourceFileColumn}'`;
  switch (format) {
    case 'ndjson':
      return `select * from read_json(${list}, format = 'newline_delimited', union_by_name = true, sample_size = -1, map_inference_threshold = -1, maximum_object_size = 134217728, ${tagged})`;
    case 'json':
      return `select * from read_json(${list}, format = 'auto', union_by_name = true, sample_size = -1, map_inference_threshold = -1, maximum_object_size = 1073741824, ${tagged})`;
    case 'csv':
      return `select * from read_csv(${list}, union_by_name = true, header = true, sample_size = -1, ${tagged})`;
    case 'parquet':
      return `select * from read_parquet(${list}, union_by_name = true, ${tagged})`;
    case 'zeek': {
      const selects = await Promise.all(files.map(zeekSelect));
      return selects.join('\nunion all by name\n');
    }
  }
}

/** The Zeek columns of type `time` in `files` (their `#types` header), to parse as timestamps. */
export async function zeekTimeColumns(files: readonly string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of files) {
    const header = await zeekHeader(file);
    header.fields.forEach((field, index) => {
      if (header.types[index] === 'time') names.add(field);
    });
  }
  return names;
}

async function zeekSelect(file: string): Promise<string> {
  const { fields, types, separator, unset } = await zeekHeader(file);
  const columns = fields.map(
    (field, index) => `${quote(field)}: '${zeekTypes[types[index] ?? ''] ?? 'VARCHAR'}'`,
  );
  return `select *, ${quote(file)} as ${sourceFileColumn} from read_csv(${quote(file)}, delim = ${quote(separator)}, header = false, comment = '#', quote = '', escape = '', nullstr = ${quote(unset)}, auto_detect = false, columns = {${columns.join(', ')}})`;
}

async function zeekHeader(
  file: string,
): Promise<{ fields: string[]; types: string[]; separator: string; unset: string }> {
  const lines = (await readFile(file, 'utf8')).split('\n', 12);
  const value = (name: string) => lines.find((line) => line.startsWith(`#${name}`));
  const separatorLine = value('separator') ?? '#separator \\x09';
  const separator = separatorLine
    .slice('#separator '.length)
    .replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const split = (line: string | undefined) => (line ?? '').trimEnd().split(separator).slice(1);
  const fieldsLine = value('fields');
  if (fieldsLine === undefined) {
    throw new LogLoadError({
      path: file,
      message: `${file}: line 1: expected a Zeek log with a "#fields" header line in its first lines; pass another --format if it is not one`,
    });
  }
  return {
    fields: split(fieldsLine).map((name) => name.replaceAll('.', '_')),
    types: split(value('types')),
    separator,
    unset: split(value('unset_field'))[0] ?? '-',
  };
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
