import { FileContentError, type FileContentProblem } from './file-content-error.js';

/**
 * A model override file cannot be used: unreadable, not JSON, or not the expected shape. Says which file,
 * where in it (a JSON path such as `$.models["deepseek-chat"].pricePerMillionTokens.input`, or a line and
 * column) and what was expected there.
 */
export class ModelOverridesError extends FileContentError {
  static override readonly marker: symbol = Symbol.for('kioku.error.model-overrides');

  constructor(problem: FileContentProblem) {
    super({ name: 'ModelOverridesError', ...problem });
  }
}
