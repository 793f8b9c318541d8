import type { Transcript } from './transcript.js';
import type { TranscriptFormat } from './transcript-format.js';

/** Where the value an importer reads came from. */
export interface ReadOptions {
  /** The file, for error messages and `Transcript.file`. */
  file: string;
  /**
   * Set when the value is the rows of a JSON Lines file: the 1-based line of each row, so errors can
   * say `line 12` instead of a JSON path into an array the user never wrote.
   */
  lines?: readonly number[];
}

/**
 * Reads one transcript format into the AI SDK's message model. A plain object: a format name, a cheap
 * structural `detect`, and a validating `read` that throws `TranscriptFormatError` on a wrong shape.
 */
export interface Importer {
  format: TranscriptFormat;
  /** What a file of this format looks like, for the error shown when no importer recognises a file. */
  expected: string;
  /**
   * How sure the importer is that `value` (parsed JSON, or the rows of a JSONL file) is its format:
   * 0 = not this format, 1 = certain. Must not throw and must not walk large values.
   */
  detect(value: unknown, fileName: string): number;
  /** Converts `value`; throws `TranscriptFormatError` naming the file and a JSON path on a wrong shape. */
  read(value: unknown, options: ReadOptions): Transcript[];
}
