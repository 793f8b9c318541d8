import { KiokuError } from 'kioku';

/** A runbook file is malformed: a missing or bad header, no SQL, or SQL that is not read-only. */
export class RunbookError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('investigator.error.runbook');
  /** The runbook file. */
  readonly file: string;
  /** The 1-based line the problem is on. */
  readonly line: number;

  constructor({
    file,
    line,
    problem,
    cause,
  }: { file: string; line: number; problem: string; cause?: unknown }) {
    super({ name: 'RunbookError', message: `${file}:${line}: ${problem}`, cause });
    this.file = file;
    this.line = line;
  }
}
