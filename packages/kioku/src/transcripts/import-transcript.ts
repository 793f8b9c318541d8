import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { UnknownTranscriptFormatError } from '../errors/unknown-transcript-format-error.js';
import { distinctToolCallIds } from '../messages/distinct-tool-call-ids.js';
import { decodeUtf8 } from './decode-utf8.js';
import { defaultImporters } from './default-importers.js';
import { describeValue } from './describe-value.js';
import { detectImporter } from './detect-importer.js';
import type { Importer } from './importer.js';
import { type ParsedJson, parseJsonText } from './parse-json-text.js';
import type { Transcript } from './transcript.js';
import type { TranscriptFormat } from './transcript-format.js';

/** Options of {@link importTranscript}. */
export interface ImportTranscriptOptions {
  /** The file the text came from: used in errors, in `Transcript.file`, and (its name) for detection. */
  file: string;
  /** Read the file as this format instead of detecting it. */
  format?: TranscriptFormat | undefined;
  /** The importers to choose from; default `defaultImporters()`. */
  importers?: readonly Importer[];
}

/**
 * Reads one file's text or bytes into transcripts (a file may hold several runs, e.g. tau-bench), each
 * tool call under an id of its own (`distinctToolCallIds`: a provider that reuses ids has a reused one
 * told apart by position, `<id>-2`…). Throws
 * a `TranscriptFormatError` naming the file, where in it and what was expected when the file is empty,
 * not UTF-8, not JSON, of no known shape, broken inside its format, or holds a run without messages.
 *
 * @example
 * const [run] = importTranscript(readFileSync(path), { file: path });
 * console.log(run.format, run.messages.length, run.calls.length);
 */
export function importTranscript(input: string | Uint8Array, options: ImportTranscriptOptions): Transcript[] {
  const text = typeof input === 'string' ? input : decodeUtf8(input, { file: options.file });
  return importParsed(parseJsonText(text, { file: options.file }), options);
}

/** {@link importTranscript} on JSON already parsed (by `parseJsonText`), so a caller parses a file once. */
export function importParsed(
  { value, lines }: ParsedJson,
  { file, format, importers = defaultImporters() }: ImportTranscriptOptions,
): Transcript[] {
  const importer =
    format === undefined ? detectImporter(value, file, { importers }) : forced(format, importers);
  if (importer === undefined) {
    throw new UnknownTranscriptFormatError({
      file,
      found: describeValue(value),
      tried: importers.map(({ format: name, expected }) => ({ format: name, expected })),
    });
  }
  const transcripts = importer.read(value, lines === undefined ? { file } : { file, lines });
  if (transcripts.length === 0) {
    throw new TranscriptFormatError({
      file,
      location: '$',
      expected: `at least one ${importer.format} run`,
      found: describeValue(value),
    });
  }
  for (const transcript of transcripts) {
    if (transcript.messages.length === 0) {
      throw new TranscriptFormatError({
        file,
        location: '$',
        expected: `messages in run ${transcript.id}`,
        found: 'a run with no messages',
      });
    }
  }
  // Whatever ids the agent's provider gave, each tool call is one call (a reused id is told apart by position).
  return transcripts.map((transcript) => {
    const messages = distinctToolCallIds(transcript.messages);
    return messages.every((message, index) => message === transcript.messages[index])
      ? transcript
      : { ...transcript, messages };
  });
}

function forced(format: TranscriptFormat, importers: readonly Importer[]): Importer {
  const importer = importers.find((candidate) => candidate.format === format);
  if (importer === undefined) {
    throw new Error(`no importer for format ${format} among ${importers.map((i) => i.format).join(', ')}`);
  }
  return importer;
}
