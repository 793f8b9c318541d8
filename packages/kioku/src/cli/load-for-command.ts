import { type LoadedTranscripts, loadTranscripts, type TranscriptFormat } from '../entry/transcripts.js';
import { maxFileBytes } from './max-file-size-option.js';
import type { Progress } from './progress.js';
import { reportLoadProblems } from './report-load-problems.js';

/**
 * Reads a command's transcripts with a "reading" progress bar, then prints what could not be read or was
 * skipped. A command that counts prompts (`needs: 'prompts'`, the default) also skips, saying why, the runs
 * whose prompts the file does not record (`Transcript.promptMissing`); one that reads only the agents'
 * actions (`'actions'`) keeps them. `failed` is true when a file failed or a run was skipped (the
 * command's exit code says so).
 */
export async function loadForCommand(
  paths: readonly string[],
  {
    format,
    maxFileSize,
    progress,
    needs = 'prompts',
  }: {
    format?: TranscriptFormat | undefined;
    maxFileSize: number;
    progress: Progress;
    needs?: 'prompts' | 'actions';
  },
): Promise<LoadedTranscripts & { failed: boolean }> {
  const loaded = await loadTranscripts(paths, {
    format,
    maxFileBytes: maxFileBytes(maxFileSize),
    onFiles: (total) => progress.start(total, 'reading'),
    onFile: () => progress.increment(),
  });
  progress.stop();
  const failed = await reportLoadProblems(loaded);
  if (needs === 'actions') return { ...loaded, failed };
  const skipped = loaded.transcripts.filter((transcript) => transcript.promptMissing !== undefined);
  const files = [...new Set(skipped.map((transcript) => transcript.file))];
  for (const file of files) {
    const runs = skipped.filter((transcript) => transcript.file === file);
    console.error(
      `kioku: skipped ${runs.length} run(s) of ${file}: ${runs[0]?.promptMissing}, so their prompts cannot be counted`,
    );
  }
  return {
    ...loaded,
    transcripts: loaded.transcripts.filter((transcript) => transcript.promptMissing === undefined),
    failed: failed || skipped.length > 0,
  };
}
