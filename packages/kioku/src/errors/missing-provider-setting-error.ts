import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.missing-provider-setting');

/**
 * A provider needs a setting nobody gave: an API key (read from `variables`, never printed) or a base URL
 * (`--base-url` or `variables`).
 */
export class MissingProviderSettingError extends KiokuError {
  readonly [symbol] = true;
  readonly provider: string;
  /** `API key` or `base URL`. */
  readonly setting: string;
  /** The environment variables it is read from, in order. */
  readonly variables: readonly string[];

  constructor({
    provider,
    setting,
    variables,
    flag,
  }: { provider: string; setting: string; variables: readonly string[]; flag?: string }) {
    const where = [...(flag === undefined ? [] : [`pass ${flag}`]), `set ${variables.join(' or ')}`].join(
      ' or ',
    );
    super({
      name: 'MissingProviderSettingError',
      message: `provider ${JSON.stringify(provider)} needs ${setting.startsWith('A') ? 'an' : 'a'} ${setting}: ${where}`,
    });
    this.provider = provider;
    this.setting = setting;
    this.variables = variables;
  }

  static override isInstance(error: unknown): error is MissingProviderSettingError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
