import { ConfigurationError } from './configuration-error.js';

/**
 * A model id the catalog does not know (with the closest ids it does know), or a known model the catalog
 * lacks a needed figure for (`missing`). Either can be fixed with a model override file.
 */
export class UnknownModelError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-model');
  readonly modelId: string;
  readonly suggestions: readonly string[];
  /** The figures the catalog lacks for a model it knows, e.g. `contextWindow`; empty when unknown. */
  readonly missing: readonly string[];

  constructor({
    modelId,
    suggestions = [],
    missing = [],
  }: { modelId: string; suggestions?: readonly string[]; missing?: readonly string[] }) {
    const hint = 'or describe it in a model override file (loadModelOverrides)';
    const message =
      missing.length > 0
        ? `model ${JSON.stringify(modelId)}: the catalog has no ${missing.join(', ')}; give ${missing.length > 1 ? 'them' : 'it'} in a model override file (loadModelOverrides)`
        : `unknown model ${JSON.stringify(modelId)}: ${
            suggestions.length > 0
              ? `did you mean ${suggestions.join(', ')}? Use one of those, `
              : 'use a catalog id '
          }${hint}`;
    super({ name: 'UnknownModelError', message });
    this.modelId = modelId;
    this.suggestions = suggestions;
    this.missing = missing;
  }
}
