import { Agent, request } from 'node:http';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './start-server.js';

/** Holds the event loop (as a long synchronous task, GC or a loaded machine does) for `ms`. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

/** Sends one request through `agent`; `beforeSend` runs synchronously just before it is written. */
function send(
  url: string,
  agent: Agent,
  { body, beforeSend }: { body?: string; beforeSend?: () => void } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    beforeSend?.();
    const outgoing = request(`${url}/echo`, { method: 'POST', agent }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? 'ping');
  });
}

describe('startServer when its event loop stalls (a client on this machine, as in the ingest bench)', () => {
  let server: RunningServer | undefined;
  const agents: Agent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    await server?.close();
    server = undefined;
  });
  const app = new Hono().post('/echo', async (c) => c.text(`got ${await c.req.text()}`));

  it('answers a request sent on a kept-alive connection during a stall longer than the idle timeout', async () => {
    server = await startServer({ app, port: 0, keepAliveTimeoutMs: 200 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    expect(await send(server.url, agent)).toEqual({ status: 200, text: 'got ping' });
    // The next request is written on the same connection before the loop turns, as a client in this
    // process does when the loop was held longer than the idle timeout: the server's idle timer fires
    // before it reads the request that is already there. Before, the connection was reset (ECONNRESET).
    const { status, text } = await send(server.url, agent, { body: 'again', beforeSend: () => stall(500) });
    expect({ status, text }).toEqual({ status: 200, text: 'got again' });
  });

  it('still closes a kept-alive connection left idle past the timeout', async () => {
    server = await startServer({ app, port: 0, keepAliveTimeoutMs: 200 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const closed = new Promise<void>((resolve) => {
      agent.on('free', (socket) => socket.once('close', () => resolve()));
    });
    await send(server.url, agent);
    await closed;
  });

  it('takes a body that came during a stall longer than the body deadline instead of answering 408', async () => {
    let began: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      began = resolve;
    });
    const slow = new Hono().post('/echo', async (c) => {
      began();
      return c.text(`got ${await c.req.text()}`);
    });
    server = await startServer({ app: slow, port: 0, requestTimeoutMs: 200 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = request(`${server?.url}/echo`, { method: 'POST', agent }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      outgoing.write('part one, ');
      // Once the server waits for the rest, the rest is written and the loop held past the deadline.
      void waiting.then(() => {
        outgoing.end('part two');
        stall(500);
      });
    });
    expect(await answer).toEqual({ status: 200, text: 'got part one, part two' });
  });
});
