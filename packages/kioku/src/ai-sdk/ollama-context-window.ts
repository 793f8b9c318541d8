/** Options of {@link ollamaContextWindow}. */
export interface OllamaContextWindowOptions {
  /** The server's address, as given to the AI SDK provider (`http://localhost:11434/v1` or without `/v1`). */
  baseUrl: string;
  /** The model's name on the server, e.g. `qwen2.5:7b`. */
  model: string;
  /** Gives up after this many milliseconds; default 5,000. */
  timeoutMs?: number;
}

/**
 * The context an Ollama server serves a model with, where the server reports it: the `context_length`
 * of the model in `GET /api/ps` when it is loaded, else the `num_ctx` its Modelfile sets (`POST
 * /api/show`); `undefined` when neither says (Ollama then serves `OLLAMA_CONTEXT_LENGTH`, or 4,096 tokens
 * on smaller GPUs) or the server is not Ollama. Ollama keeps only the newest `num_ctx` tokens of a longer
 * prompt and says nothing, so pass this (or the `num_ctx` you set) as kioku's `contextWindow`.
 *
 * @example
 * const contextWindow = await ollamaContextWindow({ baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b' });
 * const middleware = kiokuMiddleware(contextWindow === undefined ? {} : { contextWindow });
 */
export async function ollamaContextWindow({
  baseUrl,
  model,
  timeoutMs = 5_000,
}: OllamaContextWindowOptions): Promise<number | undefined> {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const read = async (path: string, init?: RequestInit): Promise<unknown> => {
    try {
      const response = await fetch(`${root}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return response.ok ? await response.json() : undefined;
    } catch {
      return undefined;
    }
  };
  const running = (await read('/api/ps')) as { models?: unknown } | undefined;
  if (Array.isArray(running?.models)) {
    for (const entry of running.models as Array<Record<string, unknown>>) {
      const length = entry.context_length;
      if ((entry.name === model || entry.model === model) && typeof length === 'number' && length > 0) {
        return length;
      }
    }
  }
  const shown = (await read('/api/show', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model }),
  })) as { parameters?: unknown } | undefined;
  const numCtx =
    typeof shown?.parameters === 'string'
      ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(shown.parameters)?.[1]
      : undefined;
  return numCtx === undefined ? undefined : Number(numCtx);
}
