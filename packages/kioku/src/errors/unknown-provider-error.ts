import { ConfigurationError } from './configuration-error.js';

/**
 * A `provider:model` names a provider kioku cannot build: none at all (`spec` is a bare model id such as
 * `llama3.1:8b`), one it does not know (`known` lists those), or one whose AI SDK package is not
 * installed (`packageName` says which to install).
 */
export class UnknownProviderError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-provider');
  /** The provider named, or `undefined` when `spec` names none. */
  readonly provider: string | undefined;
  readonly known: readonly string[];
  readonly packageName: string | undefined;
  /** The `provider:model` as given, when the error is about it. */
  readonly spec: string | undefined;

  constructor({
    provider,
    known,
    packageName,
    spec,
    cause,
  }: {
    provider: string | undefined;
    known: readonly string[];
    packageName?: string;
    spec?: string;
    cause?: unknown;
  }) {
    const choices = `use one of ${known.join(', ')} (as provider:model), or openai-compatible:<model> with a base URL for any OpenAI-compatible server`;
    const ollama = spec === undefined ? '' : `; an Ollama model is ollama:${spec}`;
    super({
      name: 'UnknownProviderError',
      message:
        packageName !== undefined
          ? `provider ${JSON.stringify(provider)} needs the package ${packageName}, which is not installed: run npm install ${packageName}`
          : provider === undefined
            ? `model ${JSON.stringify(spec)} names no provider before its first colon: expected provider:model; ${choices}${ollama}`
            : `unknown provider ${JSON.stringify(provider)}${spec === undefined ? '' : ` in ${JSON.stringify(spec)}`}: ${choices}${ollama}`,
      cause,
    });
    this.provider = provider;
    this.known = known;
    this.packageName = packageName;
    this.spec = spec;
  }
}
