import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Indicator } from './indicator.js';

// Private, loopback, link-local, shared, documentation, benchmarking, multicast and reserved ranges
// (IANA special-purpose registries): such an address names something of this network or nothing at all.
const local = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  local.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  local.addSubnet(network, prefix, 'ipv6');
}
/** Names that resolve only inside a network (RFC 6761, 6762, 8375 and common internal suffixes). */
const internalName =
  /(?:^|\.)(?:localhost|local|internal|intranet|lan|home\.arpa|corp|test|invalid|example)$/i;

/**
 * Whether an indicator names something of the local network (a private, loopback, link-local, reserved or
 * documentation address, or an internal host name): such indicators are never sent to an outside
 * service such as OTX, which could learn the network's layout from them and knows nothing of them.
 */
export function isLocalIndicator({ kind, value }: Indicator): boolean {
  if (kind === 'ipv4') return isIPv4(value) && local.check(value, 'ipv4');
  if (kind === 'ipv6') {
    if (!isIPv6(value)) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value)?.[1];
    return mapped !== undefined ? local.check(mapped, 'ipv4') : local.check(value, 'ipv6');
  }
  if (kind === 'domain' || kind === 'email') return internalName.test(value.split('@').at(-1) ?? value);
  if (kind === 'url') {
    try {
      const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
      if (isIPv4(host)) return local.check(host, 'ipv4');
      if (isIPv6(host)) return local.check(host, 'ipv6');
      return internalName.test(host);
    } catch {
      return false;
    }
  }
  return false;
}
