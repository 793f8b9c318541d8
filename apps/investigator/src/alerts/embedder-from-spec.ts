import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ConfigurationError } from 'kioku';
import { createModelEmbedder, type Embedder } from 'kioku/store';
import { defaultModelProviders, parseModelSpec } from 'kioku/strategies';

/** Options of {@link embedderFromSpec}. */
export interface EmbedderFromSpecOptions {
  /** `provider:model`, e.g. `openai:text-embedding-3-small`, `ollama:nomic-embed-text`, `openai-compatible:bge-m3`. */
  spec: string;
  /** The length of the model's vectors (e.g. 1536, 768); every vector it returns is checked against it. */
  dimensions: number;
  /** The provider's base URL (default: its variable, e.g. `OPENAI_COMPATIBLE_BASE_URL`, else its default). */
  baseUrl?: string | undefined;
  /** Where keys and base URLs are read (default `process.env`); keys are never printed. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The providers whose embeddings API is OpenAI's (`POST /embeddings`), by kioku's provider names. */
const openAIEmbeddingProviders = ['openai', 'openai-compatible', 'ollama'] as const;

/**
 * An embedder for alert similarity backed by an AI SDK embedding model named `provider:model` (OpenAI,
 * Ollama or any OpenAI-compatible server: their keys and base URLs come from the same variables as the
 * chat model's, e.g. `OPENAI_API_KEY`, `OPENAI_COMPATIBLE_BASE_URL`). Its id is the spec, so a store's
 * alerts say which model embedded them; kioku's `createModelEmbedder` checks every vector's length.
 *
 * @example
 * const embedder = await embedderFromSpec({ spec: 'ollama:nomic-embed-text', dimensions: 768 });
 */
export async function embedderFromSpec({
  spec,
  dimensions,
  baseUrl,
  env = process.env,
}: EmbedderFromSpecOptions): Promise<Embedder> {
  const parsed = parseModelSpec(spec, { providers: openAIEmbeddingProviders });
  const entry = defaultModelProviders().find(
    (provider) =>
      provider.name === parsed.provider?.toLowerCase() &&
      (openAIEmbeddingProviders as readonly string[]).includes(provider.name),
  );
  if (entry === undefined) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `embedding model ${JSON.stringify(spec)}: expected provider:model with a provider of ${openAIEmbeddingProviders.join(', ')} (e.g. ollama:nomic-embed-text)`,
    });
  }
  const fromEnv = (names: readonly string[]) =>
    names.map((name) => env[name]).find((value) => value !== undefined && value.trim() !== '');
  const apiKey = fromEnv(entry.apiKeyVariables);
  if (apiKey === undefined && entry.apiKeyRequired) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `embedding model ${spec}: no API key; set ${entry.apiKeyVariables.join(' or ')}`,
    });
  }
  const url = baseUrl ?? fromEnv(entry.baseUrlVariables) ?? entry.defaultBaseUrl;
  if (url === undefined) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `embedding model ${spec}: no base URL; pass --embedding-base-url or set ${entry.baseUrlVariables.join(' or ')}`,
    });
  }
  const provider = createOpenAICompatible({
    name: entry.name,
    baseURL: url,
    ...(apiKey === undefined ? {} : { apiKey }),
  });
  return createModelEmbedder({
    model: provider.embeddingModel(parsed.modelId),
    dimensions,
    id: `${entry.name}:${parsed.modelId}`,
  });
}
