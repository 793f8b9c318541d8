import type { LoadedTranscripts } from '../entry/transcripts.js';

/**
 * Prints, on standard error, every file that could not be read (with its error) and a count of skipped
 * files and unmatched usage rows. Returns true when a file failed.
 */
export function reportLoadProblems(loaded: LoadedTranscripts): boolean {
  for (const { file, error } of loaded.errors) console.error(`kioku: ${describeError(file, error)}`);
  if (loaded.skipped.length > 0) {
    console.error(`kioku: skipped ${loaded.skipped.length} JSON file(s) that are not transcripts`);
  }
  if (loaded.unmatchedRows.length > 0) {
    console.error(`kioku: ${loaded.unmatchedRows.length} usage-log row(s) match no transcript read`);
  }
  return loaded.errors.length > 0;
}

function describeError(file: string, error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${file}: no such file or directory`;
  if (code === 'EACCES') return `${file}: permission denied`;
  return error.message;
}
