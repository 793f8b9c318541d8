import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { ConfigurationError } from 'kioku';

/**
 * Which reverse proxies to believe about the client's address: how many stand in front of the server
 * (hops), or their addresses. Each trusted proxy's `X-Forwarded-For` entry is taken as the address of
 * whoever reached it.
 */
export type TrustProxy = number | readonly string[];

/** Options of {@link createClientAddress}. */
export interface ClientAddressOptions {
  /** The proxies to trust; default none: the TCP peer is the client and `X-Forwarded-For` is ignored. */
  trustProxy?: TrustProxy | undefined;
}

/**
 * The address a request comes from, for per-client limits: the TCP peer, or `unknown` when the server
 * does not say. With `trustProxy`, `X-Forwarded-For` (which any client can send) is read from the right
 * only while the address that wrote an entry is a trusted proxy: the first `hops` addresses from the
 * peer, or those listed; an entry that is not an IP address ends the walk. Throws `ConfigurationError`
 * for hops that are not a positive integer or a listed proxy that is not an IP address.
 *
 * @example
 * const clientAddress = createClientAddress({ trustProxy: 1 }); // one proxy in front (nginx, a load balancer)
 * clientAddress(c); // the address nginx appended to X-Forwarded-For
 */
export function createClientAddress({ trustProxy }: ClientAddressOptions = {}): (c: Context) => string {
  checkTrustProxy(trustProxy);
  const proxies = typeof trustProxy === 'object' ? new Set(trustProxy.map(normalized)) : undefined;
  return (c) => {
    const peer = peerAddress(c);
    if (trustProxy === undefined || peer === 'unknown') return peer;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => normalized(entry.trim()))
      .filter((entry) => entry !== '');
    let client = peer;
    for (let hop = 0; hop < forwarded.length; hop += 1) {
      const trusted = proxies === undefined ? hop < (trustProxy as number) : proxies.has(client);
      const next = forwarded[forwarded.length - 1 - hop];
      if (!trusted || next === undefined || isIP(next) === 0) break;
      client = next;
    }
    return client;
  };
}

function checkTrustProxy(trustProxy: TrustProxy | undefined): void {
  const valid =
    trustProxy === undefined ||
    (typeof trustProxy === 'number'
      ? Number.isInteger(trustProxy) && trustProxy > 0
      : trustProxy.length > 0 && trustProxy.every((address) => isIP(normalized(address)) !== 0));
  if (!valid) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `trustProxy: expected a positive whole number of proxies or a list of their IP addresses, found ${JSON.stringify(trustProxy)}`,
    });
  }
}

/** The TCP peer's address as @hono/node-server reports it, or `unknown`. */
function peerAddress(c: Context): string {
  try {
    return normalized(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.2`, a dual-stack socket's peer) as plain IPv4. */
function normalized(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}
