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
 * `ws-7.corp.com`), else `undefined` (none, or several; records under 3 characters name none). No word
 * crosses a record break (breaks are line ends, `), (`, `}, {` and spaces), so the words of the whole text
 * are those of its records.
 */
function recordMachines(
  text: string,
  records: readonly number[],
  machines: ReadonlyMap<string, string>,
): (string | undefined)[] {
  const named: (string | null | undefined)[] = new Array(records.length / 2);
  for (const { 0: word, index } of text.matchAll(machineWord)) {
    const machine = machines.get(word.toLowerCase());
    if (machine === undefined) continue;
    const at = recordAt(records, index);
    const seen = named[at];
    named[at] = seen === undefined || seen === machine ? machine : null;
  }
  return Array.from(named, (machine, at) =>
    typeof machine === 'string' && (records[at * 2 + 1] ?? 0) - (records[at * 2] ?? 0) >= 3
      ? machine
      : undefined,
  );
}
