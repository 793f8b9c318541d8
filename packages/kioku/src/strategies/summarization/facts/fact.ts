/** The kinds of indicator of compromise the extractor recognises. */
export type IndicatorKind = 'ipv4' | 'ipv6' | 'domain' | 'url' | 'email' | 'md5' | 'sha1' | 'sha256' | 'cve';

/** The kinds of named thing the extractor recognises besides indicators: what code and logs refer to. */
export type EntityKind = 'path' | 'identifier' | 'host' | 'user';

/**
 * One must-keep item of a history: an indicator of compromise, a path, identifier, host or user name,
 * or an explicit instruction the user gave (a sentence such as "Do not modify the tests.").
 */
export interface Fact {
  kind: IndicatorKind | EntityKind | 'instruction';
  /** As it appears in the text (an instruction: the sentence, trimmed). */
  value: string;
  /**
   * The machine (a host name or a machine's FQDN) named in the same record as the value (one row, JSON
   * object, log line or sentence) when exactly one is: which host an address, a user, a path or a hash
   * was seen with.
   */
  host?: string;
}

/** The heading of each kind in a "Preserved facts" section, in the order the section lists them. */
export const factLabels: Readonly<Record<Fact['kind'], string>> = {
  instruction: 'User instructions',
  ipv4: 'IPv4 addresses',
  ipv6: 'IPv6 addresses',
  domain: 'Domains',
  url: 'URLs',
  email: 'E-mail addresses',
  md5: 'MD5 hashes',
  sha1: 'SHA-1 hashes',
  sha256: 'SHA-256 hashes',
  cve: 'CVE ids',
  host: 'Hosts',
  user: 'Users',
  path: 'Paths',
  identifier: 'Identifiers',
};

/**
 * A fact as a "Preserved facts" section or a memory block lists it: its value, with the machine a record
 * showed it on when it has one (`10.0.0.5 (with WS01)`).
 */
export function factText(fact: Pick<Fact, 'value' | 'host'>): string {
  return fact.host === undefined ? fact.value : `${fact.value} (with ${fact.host})`;
}
