import { TranscriptFormatError } from './transcript-format-error.js';

/** One format kioku tried on a file, and what a file of that format looks like. */
export interface TriedFormat {
  format: string;
  expected: string;
}

/**
 * A file is valid JSON but no importer recognises its shape. Lists every format tried and what each
 * expects, so the user can see which one the file was meant to be (or force one with `--format`).
 */
export class UnknownTranscriptFormatError extends TranscriptFormatError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-transcript-format');
  readonly tried: TriedFormat[];

  constructor({
    file,
    found,
    tried,
    cause,
  }: { file: string; found: string; tried: TriedFormat[]; cause?: unknown }) {
    super({
      file,
      location: '$',
      expected: `a transcript in one of the formats ${tried.map(({ format }) => format).join(', ')}`,
      found,
      cause,
    });
    this.name = 'UnknownTranscriptFormatError';
    this.tried = tried;
    this.message = [
      `${file}: at $: found ${found}, which is not a transcript format kioku knows. Tried:`,
      ...tried.map(({ format, expected }) => `  - ${format}: ${expected}`),
      'If the file is one of these, name its format (the `format` option) to see what in the file does not match.',
    ].join('\n');
  }
}
