import type { LoadedTranscripts } from '../entry/transcripts.js';
import { describeCliError } from './describe-cli-error.js';

const notTranscript = 'not a transcript format kioku knows';

/**
 * Prints, on standard error, every file that could not be read (with its error), every file skipped for
 * a reason other than not being a transcript (a second link to a file already read), a count of JSON files
 * that are not transcripts and of unmatched usage rows. Resolves to true when a file failed.
 */
export async function reportLoadProblems(loaded: LoadedTranscripts): Promise<boolean> {
  for (const { file, error } of loaded.errors) console.error(await describeError(file, error));
  const others = loaded.skipped.filter(({ reason }) => reason !== notTranscript);
  for (const { file, reason } of others) console.error(`kioku: skipped ${file}: ${reason}`);
  const notTranscripts = loaded.skipped.length - others.length;
  if (notTranscripts > 0) {
    console.error(`kioku: skipped ${notTranscripts} JSON file(s) that are not transcripts`);
  }
  if (loaded.unmatchedRows.length > 0) {
    console.error(`kioku: ${loaded.unmatchedRows.length} usage-log row(s) match no transcript read`);
  }
  return loaded.errors.length > 0;
}

async function describeError(file: string, error: Error): Promise<string> {
  const described = await describeCliError(error);
  if (described !== undefined) return described;
  return `kioku: ${file}: ${error.message}`;
}
