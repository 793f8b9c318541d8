import { type LoadedTranscripts, loadTranscripts, type TranscriptFormat } from '../entry/transcripts.js';
import { maxFileBytes } from './max-file-size-option.js';
import type { Progress } from './progress.js';
import { reportLoadProblems } from './report-load-problems.js';

/**
 * Reads a command's transcripts with a "reading" progress bar, then prints what could not be read or was
 * skipped. `failed` is true when a file failed (the command's exit code says so).
 */
export async function loadForCommand(
  paths: readonly string[],
  {
    format,
    maxFileSize,
    progress,
  }: { format?: TranscriptFormat | undefined; maxFileSize: number; progress: Progress },
): Promise<LoadedTranscripts & { failed: boolean }> {
  const loaded = await loadTranscripts(paths, {
    format,
    maxFileBytes: maxFileBytes(maxFileSize),
    onFiles: (total) => progress.start(total, 'reading'),
    onFile: () => progress.increment(),
  });
  progress.stop();
  return { ...loaded, failed: await reportLoadProblems(loaded) };
}
