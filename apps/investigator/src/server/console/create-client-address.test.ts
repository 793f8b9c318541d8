import { Hono } from 'hono';
import { ConfigurationError } from 'kioku';
import { describe, expect, it } from 'vitest';
import { type ClientAddressOptions, createClientAddress } from './create-client-address.js';

/** The address `createClientAddress(options)` gives a request from the TCP peer `peer` with `forwardedFor`. */
async function addressOf(options: ClientAddressOptions, peer: string | undefined, forwardedFor?: string) {
  const clientAddress = createClientAddress(options);
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  // What @hono/node-server hands each request: the socket it came in on.
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, env)).text();
}

describe('createClientAddress', () => {
  it('is the TCP peer by default: X-Forwarded-For, which any client can send, is ignored', async () => {
    expect(await addressOf({}, '203.0.113.7')).toBe('203.0.113.7');
    expect(await addressOf({}, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    expect(await addressOf({}, undefined, '198.51.100.1')).toBe('unknown');
  });

  it('with a number of proxies, takes the entry the outermost trusted one wrote, not what the client sent', async () => {
    expect(await addressOf({ trustProxy: 1 }, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf({ trustProxy: 1 }, '10.0.0.2', '192.0.2.66, 198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf({ trustProxy: 2 }, '10.0.0.2', '192.0.2.66, 198.51.100.1, 10.0.0.9')).toBe(
      '198.51.100.1',
    );
    expect(await addressOf({ trustProxy: 1 }, '10.0.0.2')).toBe('10.0.0.2');
    expect(await addressOf({ trustProxy: 2 }, '10.0.0.2', 'not-an-address, 198.51.100.1')).toBe(
      '198.51.100.1',
    );
    expect(await addressOf({ trustProxy: 1 }, undefined, '198.51.100.1')).toBe('unknown');
  });

  it('with proxy addresses, reads the header only from them', async () => {
    const trustProxy = ['10.0.0.2', '10.0.0.9'];
    expect(await addressOf({ trustProxy }, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf({ trustProxy }, '::ffff:10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf({ trustProxy }, '10.0.0.2', '192.0.2.66, 198.51.100.1, 10.0.0.9')).toBe(
      '198.51.100.1',
    );
    expect(await addressOf({ trustProxy }, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('refuses a trustProxy that is not a positive whole number or a list of IP addresses', () => {
    for (const trustProxy of [0, 1.5, -1, [], ['proxy.internal'], ['10.0.0.2', '10.0.0.300']]) {
      expect(() => createClientAddress({ trustProxy })).toThrow(ConfigurationError);
    }
    expect(() => createClientAddress({ trustProxy: ['proxy.internal'] })).toThrow(
      'trustProxy: expected a positive whole number of proxies or a list of their IP addresses, found ["proxy.internal"]',
    );
  });
});
