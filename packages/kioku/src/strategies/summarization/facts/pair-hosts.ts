import { isMachineFqdn } from './entity-shapes.js';
import { extractEntities } from './extract-entities.js';
import { extractIndicators } from './extract-indicators.js';
import type { Fact } from './fact.js';

/** Kinds whose values belong to a machine: what ran, connected or signed in there. */
export const pairableKinds: ReadonlySet<Fact['kind']> = new Set<Fact['kind']>([
  'ipv4',
  'ipv6',
  'user',
  'path',
  'md5',
  'sha1',
  'sha256',
]);
// One row of a list of tuples or JSON objects, one line, one sentence.
const recordBreak = /\r?\n|\)\s*,\s*\(|\}\s*,\s*\{|(?<=[.!?])\s+(?=[A-Z`'"([])/g;
/** A word that may name a machine: letters, digits, hyphens and inner dots. */
const machineWord = /[A-Za-z0-9](?:[\w-]*(?:\.[\w-]+)*[A-Za-z0-9])?/g;

/** Where the extractors matched a fact of a pairable kind in the text (`FactSighting`'s arguments). */
export interface Sighting {
  kind: Fact['kind'];
  value: string;
  index: number;
}

/**
 * The facts of a text with the machine each was seen with: an address, user, path or hash written in the
 * same record (one row of a list of tuples or JSON objects, one line, one sentence) as exactly one machine
 * (a host fact, or a domain fact that is a machine's FQDN: three labels or more, the first with a digit or
 * a hyphen) gets it as `host`; one seen with several machines is listed once per machine. Records naming
 * no machine or two pair nothing. Which record a fact is in comes from where the extractors of the whole
 * text matched it (`sightings`, one pass); without them (a defanged text, whose indicators were matched
 * in its refanged form) each record naming one machine is extracted again on its own.
 *
 * @example
 * pairHosts("('ws-7.corp.contoso.com', '10.0.0.5')", extractIndicators("('ws-7.corp.contoso.com', '10.0.0.5')"));
 * // [{ kind: 'ipv4', value: '10.0.0.5', host: 'ws-7.corp.contoso.com' }, { kind: 'domain', value: 'ws-7.corp.contoso.com' }]
 */
export function pairHosts(text: string, facts: readonly Fact[], sightings?: readonly Sighting[]): Fact[] {
  const machines = new Map<string, string>();
  for (const fact of facts) {
    if (fact.kind === 'host' || (fact.kind === 'domain' && isMachineFqdn(fact.value)))
      machines.set(fact.value.toLowerCase(), fact.value);
  }
  if (machines.size === 0 || !facts.some((fact) => pairableKinds.has(fact.kind))) return [...facts];
  const hostsOf = new Map<string, string[]>();
  const pair = (kind: Fact['kind'], value: string, host: string) => {
    if (!pairableKinds.has(kind)) return;
    const key = `${kind}:${value.toLowerCase()}`;
    const hosts = hostsOf.get(key) ?? [];
    if (!hosts.includes(host)) hosts.push(host);
    hostsOf.set(key, hosts);
  };
  const records = recordsOf(text);
  const hostOfRecord = recordMachines(text, records, machines);
  if (sightings === undefined) {
    hostOfRecord.forEach((host, at) => {
      if (host === undefined) return;
      const record = text.slice(records[at * 2], records[at * 2 + 1]);
      for (const fact of [...extractIndicators(record), ...extractEntities(record)])
        pair(fact.kind, fact.value, host);
    });
  } else {
    // In the order of the text: a value seen on two machines lists them in the order of its records.
    for (const { kind, value, index } of [...sightings].sort((a, b) => a.index - b.index)) {
      const host = hostOfRecord[recordAt(records, index)];
      if (host !== undefined) pair(kind, value, host);
    }
  }
  return facts.flatMap((fact) => {
    const hosts = hostsOf.get(`${fact.kind}:${fact.value.toLowerCase()}`);
    return hosts === undefined ? [fact] : hosts.map((host) => ({ ...fact, host }));
  });
}

/** The records of a text as start, end pairs (flat), in order. */
function recordsOf(text: string): number[] {
  const bounds: number[] = [];
  let start = 0;
  for (const { 0: separator, index } of text.matchAll(recordBreak)) {
    bounds.push(start, index);
    start = index + separator.length;
  }
  bounds.push(start, text.length);
  return bounds;
}

/** The index of the record holding `index` (the last record starting at or before it). */
function recordAt(records: readonly number[], index: number): number {
  let low = 0;
  let high = records.length / 2 - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((records[middle * 2] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Per record, the one machine it names (a name or a dotted name whole: `ws-7` is not named by
 * `ws-7.corp.com`), else `undefined` (none, or several; records under 3 characters name none). Only the
 * records where a machine's name occurs in any case are read for their words.
 */
function recordMachines(
  text: string,
  records: readonly number[],
  machines: ReadonlyMap<string, string>,
): (string | undefined)[] {
  const named: (string | undefined)[] = new Array(records.length / 2);
  const lower = text.toLowerCase();
  const candidates = new Set<number>();
  if (lower.length === text.length) {
    for (const name of machines.keys()) {
      for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, at + 1))
        candidates.add(recordAt(records, at));
    }
  } else {
    // Lower-casing changed the length (`İ`): indices do not carry over, read every record.
    for (let at = 0; at < records.length / 2; at += 1) candidates.add(at);
  }
  for (const at of candidates) {
    const start = records[at * 2] ?? 0;
    const end = records[at * 2 + 1] ?? 0;
    if (end - start < 3) continue;
    const found = new Set<string>();
    for (const [word] of text.slice(start, end).matchAll(machineWord)) {
      const machine = machines.get(word.toLowerCase());
      if (machine !== undefined) found.add(machine);
    }
    if (found.size === 1) [named[at]] = found;
  }
  return named;
}
