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
  ['3fff::', 20],
  ['100::', 64],
  ['fec0::', 10],
  ['64:ff9b:1::', 48],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['5f00::', 16],
] as const) {
  local.addSubnet(network, prefix, 'ipv6');
}
/** Names that resolve only inside a network (RFC 6761, 6762, 8375 and common internal suffixes). */
const internalName =
  /(?:^|\.)(?:localhost|local|internal|intranet|lan|home\.arpa|corp|test|invalid|example)$/i;

/**
 * Whether an indicator names something of the local network (a private, loopback, link-local, reserved or
 * documentation address, an IPv6 address carrying such an IPv4 address, or an internal host name): such indicators are never sent to an outside
 * service such as OTX, which could learn the network's layout from them and knows nothing of them.
 */
export function isLocalIndicator({ kind, value }: Indicator): boolean {
  if (kind === 'ipv4') return isIPv4(value) && local.check(value, 'ipv4');
  if (kind === 'ipv6') return isIPv6(value) && localIpv6(value);
  if (kind === 'domain' || kind === 'email') return internalHost(value.split('@').at(-1) ?? value);
  if (kind === 'url') {
    try {
      const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
      if (isIPv4(host)) return local.check(host, 'ipv4');
      if (isIPv6(host)) return localIpv6(host);
      return internalHost(host);
    } catch {
      return false;
    }
  }
  return false;
}

/** A name under an internal suffix, written with or without the root's trailing dot (`db.internal.`). */
function internalHost(host: string): boolean {
  return internalName.test(host.replace(/\.+$/, ''));
}

/**
 * An IPv6 address in a local or reserved range, or one that carries a local IPv4 address: IPv4-mapped
 * (`::ffff:10.0.0.5`, `::ffff:a00:5`), NAT64's well-known prefix (`64:ff9b::a00:5`) and 6to4
 * (`2002:a00:5::1`) hold the IPv4 address they stand for.
 */
function localIpv6(address: string): boolean {
  if (local.check(address, 'ipv6')) return true;
  const groups = ipv6Groups(address);
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const [g0, g1 = 0, g2 = 0, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return local.check(ipv4(g6, g7), 'ipv4');
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return local.check(ipv4(g6, g7), 'ipv4');
  if (g0 === 0x2002) return local.check(ipv4(g1, g2), 'ipv4');
  return false;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const [left, right] = [parse(head), parse(tail ?? '')];
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
