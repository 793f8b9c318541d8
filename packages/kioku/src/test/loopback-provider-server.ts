import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the loopback server to a chat-completions request. */
export type LoopbackReply =
  /**
   * A completion (as JSON, or as SSE chunks when the request asks to stream); usage defaults to a quarter
   * of the request's JSON length (`promptTokens` sets it: a server that truncated the prompt reports less;
   * `usage: false` sends none, as some servers do).
   */
  | { text: string; promptTokens?: number; usage?: false }
  /** An assistant turn that calls tools (`finish_reason: tool_calls`), as JSON or streamed deltas. */
  | {
      toolCalls: ReadonlyArray<{ id: string; name: string; arguments: unknown }>;
      text?: string;
      promptTokens?: number;
      usage?: false;
    }
  /** An error response: a provider's real body, byte for byte. */
  | { status: number; body: string; contentType?: string }
  /** A 200 whose body is not a completion at all. */
  | { malformed: string }
  /** The same reply, after `delayMs` (for timeouts; cancelled when the client goes away or the server closes). */
  | { delayMs: number; reply: LoopbackReply };

/** A request the server received. */
export interface LoopbackRequest {
  method: string;
  path: string;
  /** The parsed JSON body (`model`, `messages`, `stream`…), or `undefined`. */
  body: Record<string, unknown> | undefined;
  /** Whether an `Authorization` header came with it (never its value). */
  authorized: boolean;
}

/** Options of {@link startLoopbackProvider}. */
export interface LoopbackProviderOptions {
  /** Replies in request order; the last repeats. */
  replies?: readonly LoopbackReply[];
  /**
   * Answers each chat-completions request from what it carries instead of `replies` (a scripted agent
   * that reads its tool results, a server that enforces a window); `index` counts chat requests from 0.
   */
  respond?: (request: LoopbackRequest, index: number) => LoopbackReply;
  /**
   * Serves `POST …/embeddings` (OpenAI's embeddings API: `input` a string or an array of strings, answered
   * with `{ object: 'list', data: [{ object: 'embedding', index, embedding }], model, usage }`) with this
   * function's vector for each input; without it, that route answers 404.
   */
  embed?: (input: string) => number[];
}

/** A running loopback server. */
export interface LoopbackProvider {
  /** Base URL of its OpenAI-compatible API, e.g. `http://127.0.0.1:50123/v1`. */
  baseUrl: string;
  requests: LoopbackRequest[];
  /** Stops it, dropping open connections and pending slow replies. */
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 (an ephemeral port) that answers from a
 * script: completions and tool calls (plain JSON or SSE streaming with a final usage chunk), providers' real error
 * bodies, malformed bodies and slow replies. Lets the real AI SDK provider client run over HTTP in tests,
 * with no network and no key.
 *
 * @example
 * const server = await startLoopbackProvider({ replies: [{ status: 400, body: overflowBody }, { text: 'Summary…' }] });
 * const provider = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl });
 * await server.close();
 */
export async function startLoopbackProvider({
  replies = [],
  respond,
  embed,
}: LoopbackProviderOptions): Promise<LoopbackProvider> {
  const requests: LoopbackRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let served = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = parse(Buffer.concat(chunks).toString('utf8'));
      const received: LoopbackRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        body,
        authorized: typeof request.headers.authorization === 'string',
      };
      requests.push(received);
      if (embed !== undefined && request.method === 'POST' && (request.url ?? '').endsWith('/embeddings')) {
        const input = body?.input;
        const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : [];
        const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
        send(
          response,
          200,
          JSON.stringify({
            object: 'list',
            data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
            model: body?.model,
            usage: { prompt_tokens: tokens, total_tokens: tokens },
          }),
        );
        return;
      }
      if (request.method !== 'POST' || !(request.url ?? '').endsWith('/chat/completions')) {
        send(
          response,
          404,
          JSON.stringify({ error: { message: `no route ${request.url}`, type: 'not_found' } }),
        );
        return;
      }
      const reply =
        respond === undefined ? replies[Math.min(served, replies.length - 1)] : respond(received, served);
      served += 1;
      if (reply === undefined) {
        send(
          response,
          500,
          JSON.stringify({ error: { message: 'no scripted reply', type: 'server_error' } }),
        );
        return;
      }
      answer(request, response, reply, body);
    });
  });

  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    reply: LoopbackReply,
    body: Record<string, unknown> | undefined,
  ): void {
    if ('delayMs' in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answer(request, response, reply.reply, body);
      }, reply.delayMs);
      timers.add(timer);
      response.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    if ('status' in reply) {
      send(response, reply.status, reply.body, reply.contentType);
      return;
    }
    if ('malformed' in reply) {
      send(response, 200, reply.malformed);
      return;
    }
    const model = typeof body?.model === 'string' ? body.model : 'loopback';
    const promptTokens = reply.promptTokens ?? Math.ceil(JSON.stringify(body?.messages ?? []).length / 4);
    const toolCalls =
      'toolCalls' in reply
        ? reply.toolCalls.map((call, index) => ({
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : undefined;
    const text = 'text' in reply ? (reply.text ?? '') : '';
    const finish = toolCalls === undefined ? 'stop' : 'tool_calls';
    const completionTokens = Math.ceil((text.length + JSON.stringify(toolCalls ?? []).length) / 4);
    const usage =
      reply.usage === false
        ? undefined
        : {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
          };
    const id = `chatcmpl-loopback-${served}`;
    const created = Math.floor(Date.now() / 1000);
    if (body?.stream === true) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (
        delta: Record<string, unknown>,
        finishReason: string | null,
        extra: Record<string, unknown> = {},
      ) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...extra,
        })}\n\n`;
      response.write(chunk({ role: 'assistant', content: '' }, null));
      for (const piece of text.match(/[\s\S]{1,40}/g) ?? []) response.write(chunk({ content: piece }, null));
      if (toolCalls !== undefined) response.write(chunk({ tool_calls: toolCalls }, null));
      response.write(chunk({}, finish, usage === undefined ? {} : { usage }));
      response.end('data: [DONE]\n\n');
      return;
    }
    const message =
      toolCalls === undefined
        ? { role: 'assistant', content: text }
        : {
            role: 'assistant',
            content: text === '' ? null : text,
            tool_calls: toolCalls.map(({ index: _index, ...call }) => call),
          };
    send(
      response,
      200,
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, finish_reason: finish }],
        ...(usage === undefined ? {} : { usage }),
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  contentType = 'application/json',
): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
