import type { Command } from 'commander';
import { InputFormatError } from 'kioku';
import { createHashingEmbedder, type Embedder } from 'kioku/store';
import { embedderFromSpec } from '../alerts/index.js';

/** The embedding options of the commands that embed alerts. */
export interface EmbedderOption {
  embeddingModel?: string;
  embeddingDimensions?: string;
  embeddingBaseUrl?: string;
}

/** Adds `--embedding-model`, `--embedding-dimensions` and `--embedding-base-url` to `command`. */
export function withEmbedderOption(command: Command): Command {
  return command
    .option(
      '--embedding-model <provider:model>',
      "the embedding model for `similar`, e.g. ollama:nomic-embed-text, openai:text-embedding-3-small, openai-compatible:bge-m3 (default: $INVESTIGATOR_EMBEDDING_MODEL, else kioku's offline hashing embedder); every alert of a store must be embedded by the same one",
    )
    .option(
      '--embedding-dimensions <n>',
      "the length of the embedding model's vectors, e.g. 768 or 1536 (default: $INVESTIGATOR_EMBEDDING_DIMENSIONS)",
    )
    .option(
      '--embedding-base-url <url>',
      "the embedding provider's base URL (default: the provider's variable, e.g. $OPENAI_COMPATIBLE_BASE_URL)",
    );
}

/**
 * The embedder the options (or `INVESTIGATOR_EMBEDDING_MODEL` and `INVESTIGATOR_EMBEDDING_DIMENSIONS`) name;
 * kioku's hashing embedder (offline) when no model is named.
 */
export async function embedderFromOptions(
  options: EmbedderOption,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Embedder> {
  const spec = options.embeddingModel ?? env.INVESTIGATOR_EMBEDDING_MODEL;
  if (spec === undefined || spec === '') return createHashingEmbedder();
  const text = options.embeddingDimensions ?? env.INVESTIGATOR_EMBEDDING_DIMENSIONS;
  if (text === undefined || !/^[1-9]\d{0,4}$/.test(text)) {
    throw new InputFormatError({
      name: 'InputFormatError',
      message: `--embedding-dimensions (or $INVESTIGATOR_EMBEDDING_DIMENSIONS): expected the length of ${spec}'s vectors, a whole number such as 768 or 1536, found ${text === undefined ? 'none' : JSON.stringify(text)}`,
    });
  }
  return embedderFromSpec({ spec, dimensions: Number(text), baseUrl: options.embeddingBaseUrl, env });
}
