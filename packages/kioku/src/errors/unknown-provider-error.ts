import { ConfigurationError } from './configuration-error.js';

/**
 * A `provider:model` names a provider kioku cannot build: not one it knows (`known` lists those), or one
 * whose AI SDK package is not installed (`packageName` says which to install).
 */
export class UnknownProviderError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-provider');
  readonly provider: string;
  readonly known: readonly string[];
  readonly packageName: string | undefined;

  constructor({
    provider,
    known,
    packageName,
    cause,
  }: { provider: string; known: readonly string[]; packageName?: string; cause?: unknown }) {
    super({
      name: 'UnknownProviderError',
      message:
        packageName === undefined
          ? `unknown provider ${JSON.stringify(provider)}: use one of ${known.join(', ')} (as provider:model), or openai-compatible:<model> with a base URL for any OpenAI-compatible server`
          : `provider ${JSON.stringify(provider)} needs the package ${packageName}, which is not installed: run npm install ${packageName}`,
      cause,
    });
    this.provider = provider;
    this.known = known;
    this.packageName = packageName;
  }
}
