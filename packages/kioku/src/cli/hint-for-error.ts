import { InputFileError, UnknownTranscriptFormatError } from '../entry/transcripts.js';
import { type KiokuError, MissingProviderSettingError, UnknownModelError } from '../index.js';

/** Error classes whose fix the CLI can name as a command or a flag, most specific first. */
const hints: Array<{ matches: (error: unknown) => boolean; hint: (error: KiokuError) => string }> = [
  {
    matches: (error) => UnknownTranscriptFormatError.isInstance(error),
    hint: () => 'name the format with --format <format> to see what in the file does not match',
  },
  {
    matches: (error) => MissingProviderSettingError.isInstance(error) && error.setting === 'base URL',
    hint: () => 'give it with --base-url <url>',
  },
  {
    matches: (error) => InputFileError.isInstance(error) && error.maxBytes !== undefined,
    hint: () => '--max-file-size <MiB> raises it',
  },
  {
    matches: (error) => UnknownModelError.isInstance(error),
    hint: () => '`kioku analyze --pricing <file.json>` reads a model override file',
  },
];

/**
 * What a CLI user can do about a kioku error, in CLI terms (a command to run, a flag to pass), or
 * undefined. Library messages never name CLI commands; the CLI adds these when it prints an error.
 */
export function hintForError(error: unknown): string | undefined {
  return hints.find(({ matches }) => matches(error))?.hint(error as KiokuError);
}
