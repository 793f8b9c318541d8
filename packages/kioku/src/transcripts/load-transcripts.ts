import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KiokuError } from '../errors/kioku-error.js';
import { UnknownTranscriptFormatError } from '../errors/unknown-transcript-format-error.js';
import { attachBfclQuestions, type BfclQuestionRow, isBfclQuestions } from './attach-bfcl-questions.js';
import { attachUsageLog } from './attach-usage-log.js';
import { decodeUtf8 } from './decode-utf8.js';
import { defaultImporters } from './default-importers.js';
import { importParsed } from './import-transcript.js';
import type { Importer } from './importer.js';
import { isUsageLog } from './is-usage-log.js';
import { parseJsonText } from './parse-json-text.js';
import { defaultMaxFileBytes, readInputFile } from './read-input-file.js';
import { readUsageLog } from './read-usage-log.js';
import type { Transcript } from './transcript.js';
import type { TranscriptFormat } from './transcript-format.js';
import type { UsageLogRow } from './usage-log-row.js';

/** What happened to one file: read (with how many runs), a usage log, skipped, or failed. */
export type LoadedFile =
  | { file: string; status: 'transcripts'; count: number }
  | { file: string; status: 'usage-log'; count: number }
  | { file: string; status: 'questions'; count: number }
  | { file: string; status: 'skipped'; reason: string }
  | { file: string; status: 'failed'; error: Error };

/** The result of {@link loadTranscripts}. */
export interface LoadedTranscripts {
  transcripts: Transcript[];
  /** Files that could not be read, with the error (a `TranscriptFormatError` for a broken file). */
  errors: Array<{ file: string; error: Error }>;
  /** Files in scanned directories that are JSON but not transcripts (e.g. `MANIFEST.json`). */
  skipped: Array<{ file: string; reason: string }>;
  /** Usage-log rows of earlier attempts, left out (see `attachUsageLog`). */
  supersededRows: UsageLogRow[];
  /** Usage-log rows whose instance matches no transcript. */
  unmatchedRows: UsageLogRow[];
}

/** Options of {@link loadTranscripts}. */
export interface LoadTranscriptsOptions {
  /** Read every transcript as this format instead of detecting it. */
  format?: TranscriptFormat | undefined;
  /** Called once the paths are expanded, with the number of files that will be read. */
  onFiles?: (total: number) => void;
  /** Called after each file, e.g. to advance a progress bar. */
  onFile?: (event: LoadedFile) => void;
  /** The importers to choose from; default `defaultImporters()`. */
  importers?: readonly Importer[];
  /** Refuse a file larger than this many bytes (default 512 MiB). */
  maxFileBytes?: number;
}

const candidate = /\.(json|jsonl|traj)$/;

/**
 * Reads transcripts from files and directories (searched recursively for `.json`, `.jsonl` and `.traj`
 * files, following symbolic links to files and directories, each directory once). Only regular files are
 * read, each up to `maxFileBytes`: a FIFO, a device or a larger file is reported in `errors`. Per-call usage logs among the inputs are attached to the transcripts of their instances. A file
 * that fails is reported in `errors` and the others still load; in a scanned directory, JSON of no known
 * shape is skipped (a manifest, predictions), while a file named explicitly must be a transcript.
 *
 * @example
 * const { transcripts, errors } = await loadTranscripts(['runs/'], { onFile: (e) => bar.increment() });
 */
export async function loadTranscripts(
  paths: readonly string[],
  {
    format,
    onFiles,
    onFile,
    importers = defaultImporters(),
    maxFileBytes = defaultMaxFileBytes,
  }: LoadTranscriptsOptions = {},
): Promise<LoadedTranscripts> {
  const result: LoadedTranscripts = {
    transcripts: [],
    errors: [],
    skipped: [],
    supersededRows: [],
    unmatchedRows: [],
  };
  const usageRows: UsageLogRow[] = [];
  const questionRows: BfclQuestionRow[] = [];
  const report = (event: LoadedFile): void => {
    if (event.status === 'failed') result.errors.push({ file: event.file, error: event.error });
    if (event.status === 'skipped') result.skipped.push({ file: event.file, reason: event.reason });
    onFile?.(event);
  };
  const files = await expand(paths, report);
  onFiles?.(files.length);
  for (const { file, scanned } of files) {
    try {
      const text = decodeUtf8(await readInputFile(file, { maxBytes: maxFileBytes }), { file });
      const parsed = parseJsonText(text, { file });
      if (isBfclQuestions(parsed.value)) {
        questionRows.push(...parsed.value);
        report({ file, status: 'questions', count: parsed.value.length });
        continue;
      }
      if (file.endsWith('.jsonl') && isUsageLog(parsed.value)) {
        const rows = readUsageLog(text, { file });
        usageRows.push(...rows);
        report({ file, status: 'usage-log', count: rows.length });
        continue;
      }
      const transcripts = importParsed(parsed, { file, format, importers });
      result.transcripts.push(...transcripts);
      report({ file, status: 'transcripts', count: transcripts.length });
    } catch (error) {
      if (scanned && format === undefined && UnknownTranscriptFormatError.isInstance(error)) {
        report({ file, status: 'skipped', reason: 'not a transcript format kioku knows' });
      } else {
        report({ file, status: 'failed', error: asError(error) });
      }
    }
  }
  if (questionRows.length > 0) result.transcripts = attachBfclQuestions(result.transcripts, questionRows);
  if (usageRows.length > 0) {
    try {
      const attached = attachUsageLog(result.transcripts, usageRows);
      result.transcripts = attached.transcripts;
      result.supersededRows = attached.supersededRows;
      result.unmatchedRows = attached.unmatchedRows;
    } catch (error) {
      const file = KiokuError.isInstance(error) && 'file' in error ? String(error.file) : 'usage log';
      report({ file, status: 'failed', error: asError(error) });
    }
  }
  return result;
}

async function expand(
  paths: readonly string[],
  report: (event: LoadedFile) => void,
): Promise<Array<{ file: string; scanned: boolean }>> {
  const files: Array<{ file: string; scanned: boolean }> = [];
  // Real paths of the directories walked and the files found: a link loop or a second link to the same
  // file is visited once.
  const seen = new Map<string, string>();
  for (const path of paths) {
    try {
      if (!(await stat(path)).isDirectory()) {
        files.push({ file: path, scanned: false });
        continue;
      }
      const found: Array<{ file: string; scanned: boolean }> = [];
      await walk(path, found, seen, report);
      files.push(...found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)));
    } catch (error) {
      report({ file: path, status: 'failed', error: asError(error) });
    }
  }
  return files;
}

async function walk(
  directory: string,
  files: Array<{ file: string; scanned: boolean }>,
  seen: Map<string, string>,
  report: (event: LoadedFile) => void,
): Promise<void> {
  const real = await realpath(directory);
  const first = seen.get(real);
  if (first !== undefined) {
    report({ file: directory, status: 'skipped', reason: `the same directory as ${first}, already read` });
    return;
  }
  seen.set(real, directory);
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries) {
    const path = join(directory, entry.name);
    try {
      // A symbolic link is followed: to a directory, walked; to a file, read like a file.
      const isLink = entry.isSymbolicLink();
      const isDirectory = isLink ? (await stat(path)).isDirectory() : entry.isDirectory();
      if (isDirectory) {
        await walk(path, files, seen, report);
        continue;
      }
      if (!candidate.test(entry.name)) continue;
      const target = await realpath(path);
      const earlier = seen.get(target);
      if (earlier !== undefined) {
        report({ file: path, status: 'skipped', reason: `the same file as ${earlier}, already read` });
        continue;
      }
      seen.set(target, path);
      files.push({ file: path, scanned: true });
    } catch (error) {
      report({ file: path, status: 'failed', error: asError(error) });
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
