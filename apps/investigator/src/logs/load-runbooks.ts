import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReadOnlyText } from './check-read-only-text.js';
import { countStatements } from './count-statements.js';
import { LogQueryError } from './log-query-error.js';
import { RunbookError } from './runbook-error.js';

/** A saved, reviewed query the log agent can run by name. */
export interface Runbook {
  /** The file name without `.sql` (`process-access-to-lsass`). */
  name: string;
  title: string;
  description: string;
  /** The query (after the headers). */
  sql: string;
  file: string;
}

const headerPattern = /^--\s*([A-Za-z-]+)\s*:(.*)$/;
const required = ['title', 'description'] as const;

/** The runbooks shipped with the investigator (`apps/investigator/runbooks`). */
export function defaultRunbooksDir(): string {
  return fileURLToPath(new URL('../../runbooks', import.meta.url));
}

/**
 * Loads every `*.sql` file of `dir` as a runbook: it begins with `-- title: …` and `-- description: …`
 * header lines (other `--` comment lines may follow them), then one read-only query. A bad file throws a
 * `RunbookError` naming the file and line.
 *
 * @example
 * const runbooks = await loadRunbooks(defaultRunbooksDir());
 */
export async function loadRunbooks(dir: string): Promise<Runbook[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => parseRunbook(join(dir, name), await readFile(join(dir, name), 'utf8'))),
  );
}

/** Parses one runbook file's text (see {@link loadRunbooks}). */
export function parseRunbook(file: string, text: string): Runbook {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers = new Map<string, string>();
  let index = 0;
  for (; index < lines.length; index += 1) {
    const line = (lines[index] as string).trim();
    if (line === '') continue;
    if (!line.startsWith('--')) break;
    const match = headerPattern.exec(line);
    const key = match?.[1]?.toLowerCase();
    if (match === null || key === undefined || !(required as readonly string[]).includes(key)) {
      if (headers.size < required.length) {
        const expected = required.find((name) => !headers.has(name));
        throw new RunbookError({
          file,
          line: index + 1,
          problem: `expected a "-- ${expected}: …" header line, found "${truncate(line)}"`,
        });
      }
      continue;
    }
    if (headers.has(key)) {
      throw new RunbookError({ file, line: index + 1, problem: `a second "-- ${key}:" header` });
    }
    const value = (match[2] ?? '').trim();
    if (value === '') {
      throw new RunbookError({
        file,
        line: index + 1,
        problem: `the ${key} is empty; write it after "-- ${key}:"`,
      });
    }
    headers.set(key, value);
  }
  const missing = required.find((name) => !headers.has(name));
  if (missing !== undefined) {
    throw new RunbookError({
      file,
      line: Math.min(index + 1, lines.length),
      problem: `no "-- ${missing}: …" header before the query`,
    });
  }
  const sql = lines.slice(index).join('\n').trim();
  if (sql === '') {
    throw new RunbookError({ file, line: lines.length, problem: 'no query after the headers' });
  }
  const statements = countStatements(sql);
  if (statements > 1) {
    throw new RunbookError({
      file,
      line: index + 1,
      problem: `found ${statements} statements after the headers; a runbook holds exactly one query`,
    });
  }
  try {
    checkReadOnlyText(sql);
  } catch (error) {
    if (!LogQueryError.isInstance(error)) throw error;
    throw new RunbookError({ file, line: index + 1, problem: error.message, cause: error });
  }
  return {
    name: basename(file, '.sql'),
    title: headers.get('title') as string,
    description: headers.get('description') as string,
    sql,
    file,
  };
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
