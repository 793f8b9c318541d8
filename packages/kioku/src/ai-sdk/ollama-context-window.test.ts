import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaContextWindow } from './ollama-context-window.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** An Ollama-like server answering /api/ps and /api/show with these bodies (404 when absent). */
async function ollama(routes: { ps?: unknown; show?: unknown }): Promise<string> {
  const listening = createServer((request, response) => {
    const body =
      request.url === '/api/ps' ? routes.ps : request.url === '/api/show' ? routes.show : undefined;
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}/v1`;
}

describe('ollamaContextWindow', () => {
  it('reads the context a loaded model is served with from /api/ps', async () => {
    // The shape Ollama answers /api/ps with (context_length per loaded model).
    const baseUrl = await ollama({
      ps: { models: [{ name: 'qwen2.5:7b', model: 'qwen2.5:7b', size_vram: 0, context_length: 2048 }] },
    });
    expect(await ollamaContextWindow({ baseUrl, model: 'qwen2.5:7b' })).toBe(2048);
  });

  it('falls back to the num_ctx the Modelfile sets, and says nothing when neither reports it', async () => {
    const baseUrl = await ollama({
      ps: { models: [] },
      show: { parameters: 'stop "<|im_end|>"\nnum_ctx 8192\ntemperature 0.7' },
    });
    expect(await ollamaContextWindow({ baseUrl, model: 'qwen2.5:7b' })).toBe(8192);
    await new Promise((resolve) => server?.close(resolve));
    const silent = await ollama({ ps: { models: [] }, show: { parameters: 'temperature 0.7' } });
    expect(await ollamaContextWindow({ baseUrl: silent, model: 'qwen2.5:7b' })).toBeUndefined();
  });

  it('is undefined for a server that is not Ollama or not there', async () => {
    const baseUrl = await ollama({});
    expect(await ollamaContextWindow({ baseUrl, model: 'm' })).toBeUndefined();
    expect(
      await ollamaContextWindow({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 500 }),
    ).toBeUndefined();
  });
});
