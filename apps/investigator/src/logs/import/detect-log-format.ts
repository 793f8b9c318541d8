import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { LogLoadError } from '../log-load-error.js';

/** The formats `importLogFiles` reads. */
export const logFileFormats = ['json', 'ndjson', 'csv', 'parquet', 'zeek'] as const;

/** One of {@link logFileFormats}: a JSON document (an array of records, or one record), newline-delimited JSON, CSV/TSV, Parquet, or a Zeek TSV log with its `#fields` header. */
export type LogFileFormat = (typeof logFileFormats)[number];

/**
 * The format of a log file, from its first bytes: Parquet's `PAR1` magic, a Zeek `#separator` header,
 * JSON (`[` or a `{` record that ends on its first line: newline-delimited; else one document), else CSV
 * for `.csv`/`.tsv`/`.txt`. Throws a `LogLoadError` naming the file when none fits.
 */
export async function detectLogFormat(path: string): Promise<LogFileFormat> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new LogLoadError({
      path,
      message: `${path}: cannot be read (${error.code ?? error.message})`,
      cause: error,
    });
  });
  let head: string;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead >= 4 && buffer.subarray(0, 4).toString('latin1') === 'PAR1') return 'parquet';
    head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
  if (head.startsWith('#separator')) return 'zeek';
  const text = head.trimStart();
  if (text.startsWith('[')) return 'json';
  if (text.startsWith('{')) {
    const firstLine = text.split('\n', 1)[0]?.trim() ?? '';
    try {
      JSON.parse(firstLine);
      return 'ndjson';
    } catch {
      return 'json';
    }
  }
  if (['.csv', '.tsv', '.txt'].includes(extname(path).toLowerCase())) return 'csv';
  throw new LogLoadError({
    path,
    message: `${path}: cannot tell its format from its first bytes or its name; expected JSON, NDJSON, CSV, Parquet or a Zeek log (pass --format)`,
  });
}
