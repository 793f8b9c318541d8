import { isMachineFqdn } from './entity-shapes.js';
import { extractEntities } from './extract-entities.js';
import { extractIndicators } from './extract-indicators.js';
import type { Fact } from './fact.js';

/** Kinds whose values belong to a machine: what ran, connected or signed in there. */
const pairable = new Set<Fact['kind']>(['ipv4', 'ipv6', 'user', 'path', 'md5', 'sha1', 'sha256']);
// One row of a list of tuples or JSON objects, one line, one sentence.
const recordBreak = /\r?\n|\)\s*,\s*\(|\}\s*,\s*\{|(?<=[.!?])\s+(?=[A-Z`'"([])/;
/** A word that may name a machine: letters, digits, hyphens and inner dots. */
const machineWord = /[A-Za-z0-9](?:[\w-]*(?:\.[\w-]+)*[A-Za-z0-9])?/g;

/**
 * The facts of a text with the machine each was seen with: an address, user, path or hash written in the
 * same record (one row of a list of tuples or JSON objects, one line, one sentence) as exactly one machine
 * (a host fact, or a domain fact that is a machine's FQDN: three labels or more, the first with a digit or
 * a hyphen) gets it as `host`; one seen with several machines is listed once per machine. Records naming
 * no machine or two pair nothing.
 *
 * @example
 * pairHosts("('ws-7.corp.contoso.com', '10.0.0.5')", extractIndicators("('ws-7.corp.contoso.com', '10.0.0.5')"));
 * // [{ kind: 'ipv4', value: '10.0.0.5', host: 'ws-7.corp.contoso.com' }, { kind: 'domain', value: 'ws-7.corp.contoso.com' }]
 */
export function pairHosts(text: string, facts: readonly Fact[]): Fact[] {
  const machines = new Map<string, string>();
  for (const fact of facts) {
    if (fact.kind === 'host' || (fact.kind === 'domain' && isMachineFqdn(fact.value)))
      machines.set(fact.value.toLowerCase(), fact.value);
  }
  if (machines.size === 0 || !facts.some((fact) => pairable.has(fact.kind))) return [...facts];
  const hostsOf = new Map<string, string[]>();
  for (const record of text.split(recordBreak)) {
    if (record === undefined || record.length < 3) continue;
    // A name or a dotted name whole: `ws-7` is not named by `ws-7.corp.com` (one word here).
    const named = new Set<string>();
    for (const [word] of record.matchAll(machineWord)) {
      const machine = machines.get(word.toLowerCase());
      if (machine !== undefined) named.add(machine);
    }
    if (named.size !== 1) continue;
    const [host = ''] = named;
    for (const fact of [...extractIndicators(record), ...extractEntities(record)]) {
      if (!pairable.has(fact.kind)) continue;
      const key = `${fact.kind}:${fact.value.toLowerCase()}`;
      const hosts = hostsOf.get(key) ?? [];
      if (!hosts.includes(host)) hosts.push(host);
      hostsOf.set(key, hosts);
    }
  }
  return facts.flatMap((fact) => {
    const hosts = hostsOf.get(`${fact.kind}:${fact.value.toLowerCase()}`);
    return hosts === undefined ? [fact] : hosts.map((host) => ({ ...fact, host }));
  });
}
