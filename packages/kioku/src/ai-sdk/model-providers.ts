import type { LanguageModel } from 'ai';
import { MissingProviderSettingError } from '../errors/missing-provider-setting-error.js';
import { UnknownProviderError } from '../errors/unknown-provider-error.js';
import { parseModelSpec } from '../pricing/parse-model-spec.js';

/** What a provider is built from; the API key comes from the environment and is never printed. */
export interface ProviderSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
}

/**
 * One provider kioku can build a model for from `provider:model`. A plain object: where its key and base
 * URL come from, and `create`, which returns a model factory (loading its AI SDK package when it has one).
 */
export interface ModelProvider {
  /** The name before the colon, e.g. `anthropic`. */
  readonly name: string;
  /** Environment variables holding the API key, in order; empty when the provider needs none. */
  readonly apiKeyVariables: readonly string[];
  readonly apiKeyRequired: boolean;
  /** Environment variables holding the base URL, in order. */
  readonly baseUrlVariables: readonly string[];
  /** True when a base URL must be given (a generic OpenAI-compatible server has no default). */
  readonly baseUrlRequired?: boolean;
  /** The base URL when neither `--base-url` nor a variable gives one; absent when one must be given. */
  readonly defaultBaseUrl?: string;
  create(settings: ProviderSettings): Promise<(modelId: string) => LanguageModel>;
}

/** An OpenAI-compatible chat-completions endpoint (`@ai-sdk/openai-compatible`), reporting usage when streaming. */
function openAICompatible(
  name: string,
  {
    apiKeyVariables,
    apiKeyRequired,
    baseUrlVariables,
    baseUrlRequired = false,
    defaultBaseUrl,
  }: Omit<ModelProvider, 'name' | 'create' | 'defaultBaseUrl'> & { defaultBaseUrl?: string },
): ModelProvider {
  return {
    name,
    apiKeyVariables,
    apiKeyRequired,
    baseUrlVariables,
    baseUrlRequired,
    ...(defaultBaseUrl === undefined ? {} : { defaultBaseUrl }),
    async create({ apiKey, baseUrl }) {
      // Loaded on first use, so importing kioku does not load a provider SDK.
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const provider = createOpenAICompatible({
        name,
        baseURL: baseUrl ?? defaultBaseUrl ?? '',
        ...(apiKey === undefined ? {} : { apiKey }),
        includeUsage: true,
      });
      return (modelId) => provider.chatModel(modelId);
    },
  };
}

/** A provider with its own AI SDK package, loaded when used, so kioku does not depend on every one. */
function packaged(
  name: string,
  packageName: string,
  factory: string,
  settings: Omit<ModelProvider, 'name' | 'create'>,
): ModelProvider {
  return {
    name,
    ...settings,
    async create({ apiKey, baseUrl }) {
      let loaded: Record<string, unknown>;
      try {
        // A variable specifier: the package is optional, and TypeScript must not require its types.
        const specifier: string = packageName;
        loaded = (await import(specifier)) as Record<string, unknown>;
      } catch (error) {
        throw new UnknownProviderError({ provider: name, known: [], packageName, cause: error });
      }
      const create = loaded[factory];
      if (typeof create !== 'function') {
        throw new UnknownProviderError({ provider: name, known: [], packageName });
      }
      const provider = create({
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
      }) as (modelId: string) => LanguageModel;
      return (modelId) => provider(modelId);
    },
  };
}

/**
 * The providers `kioku compact --model provider:model` knows: `openai-compatible` (any server speaking
 * the chat-completions protocol: vLLM, llama.cpp, LM Studio… with `--base-url`), `ollama`, `openai` and
 * `deepseek` (their chat-completions APIs, through `@ai-sdk/openai-compatible`), and `anthropic` and
 * `google` through their own AI SDK packages (loaded on first use). Add one by appending to this list.
 */
export function defaultModelProviders(): ModelProvider[] {
  return [
    openAICompatible('openai-compatible', {
      apiKeyVariables: ['OPENAI_COMPATIBLE_API_KEY'],
      apiKeyRequired: false,
      baseUrlVariables: ['OPENAI_COMPATIBLE_BASE_URL'],
      baseUrlRequired: true,
    }),
    openAICompatible('ollama', {
      apiKeyVariables: [],
      apiKeyRequired: false,
      baseUrlVariables: ['OLLAMA_BASE_URL'],
      defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    }),
    openAICompatible('openai', {
      apiKeyVariables: ['OPENAI_API_KEY'],
      apiKeyRequired: true,
      baseUrlVariables: ['OPENAI_BASE_URL'],
      defaultBaseUrl: 'https://api.openai.com/v1',
    }),
    openAICompatible('deepseek', {
      apiKeyVariables: ['DEEPSEEK_API_KEY'],
      apiKeyRequired: true,
      baseUrlVariables: ['DEEPSEEK_BASE_URL'],
      defaultBaseUrl: 'https://api.deepseek.com/v1',
    }),
    packaged('anthropic', '@ai-sdk/anthropic', 'createAnthropic', {
      apiKeyVariables: ['ANTHROPIC_API_KEY'],
      apiKeyRequired: true,
      baseUrlVariables: ['ANTHROPIC_BASE_URL'],
    }),
    packaged('google', '@ai-sdk/google', 'createGoogleGenerativeAI', {
      apiKeyVariables: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'],
      apiKeyRequired: true,
      baseUrlVariables: [],
    }),
  ];
}

/** Options of {@link languageModelFromSpec}. */
export interface LanguageModelFromSpecOptions {
  /** Overrides the provider's base URL (`--base-url`). */
  baseUrl?: string | undefined;
  /** Where keys and base URLs are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  providers?: readonly ModelProvider[];
}

/**
 * The AI SDK language model `provider:model` names (read by `parseModelSpec`, so `ollama:llama3.1:8b`
 * is Ollama's `llama3.1:8b`), built with the key from the provider's environment variable and the base
 * URL from `baseUrl`, its variables or its default. Throws `UnknownProviderError` (no provider named, as
 * in a bare `llama3.1:8b`; one kioku cannot build; or its package not installed) and `MissingProviderSettingError` (no key or base URL),
 * both saying what to do; never shows a key.
 *
 * @example
 * const { model } = await languageModelFromSpec('openai-compatible:qwen2.5-7b', { baseUrl: 'http://127.0.0.1:8000/v1' });
 */
export async function languageModelFromSpec(
  spec: string,
  { baseUrl, env = process.env, providers = defaultModelProviders() }: LanguageModelFromSpecOptions = {},
): Promise<{ model: LanguageModel; provider: string; modelId: string }> {
  const known = providers.map((candidate) => candidate.name);
  const parsed = parseModelSpec(spec, { providers: known });
  const entry = providers.find((candidate) => candidate.name === parsed.provider?.toLowerCase());
  if (entry === undefined) throw new UnknownProviderError({ spec, provider: parsed.provider, known });
  const fromEnv = (names: readonly string[]) =>
    names.map((name) => env[name]).find((value) => value !== undefined && value.trim() !== '');
  const apiKey = fromEnv(entry.apiKeyVariables);
  if (apiKey === undefined && entry.apiKeyRequired) {
    throw new MissingProviderSettingError({
      provider: entry.name,
      setting: 'API key',
      variables: entry.apiKeyVariables,
    });
  }
  const url = baseUrl ?? fromEnv(entry.baseUrlVariables) ?? entry.defaultBaseUrl;
  if (url === undefined && entry.baseUrlRequired === true) {
    throw new MissingProviderSettingError({
      provider: entry.name,
      setting: 'base URL',
      variables: entry.baseUrlVariables,
      flag: 'baseUrl',
    });
  }
  const create = await entry.create({ apiKey, baseUrl: url });
  return { model: create(parsed.modelId), provider: entry.name, modelId: parsed.modelId };
}
