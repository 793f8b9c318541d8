import { ConfigurationError } from 'kioku';

/** Cause: a scenario file or directory cannot be read or is not a valid scenario. */
export class ScenarioError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.scenario');
  /** The file or directory. */
  readonly path: string;

  constructor({ path, problem, cause }: { path: string; problem: string; cause?: unknown }) {
    super({ name: 'ScenarioError', message: `scenario ${path}: ${problem}`, cause });
    this.path = path;
  }
}
