import { ConfigurationError } from './configuration-error.js';

/**
 * kioku needs a model's context window to decide when to compact, and neither the caller nor the model
 * catalog gave it. Pass `contextWindow` (the CLI's `--context-window`) or describe the model in a model
 * override file. `cause` is the catalog's `UnknownModelError`.
 */
export class UnknownContextWindowError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-context-window');
  readonly modelId: string;

  constructor({ modelId, hint, cause }: { modelId: string; hint: string; cause?: unknown }) {
    super({
      name: 'UnknownContextWindowError',
      message: `the context window of model ${JSON.stringify(modelId)} is unknown: ${hint}`,
      cause,
    });
    this.modelId = modelId;
  }
}
