import { ConfigurationError } from './configuration-error.js';

/**
 * A provider needs a setting nobody gave: an API key (read from `variables`, never printed) or a base URL
 * (`--base-url` or `variables`).
 */
export class MissingProviderSettingError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.missing-provider-setting');
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
}
