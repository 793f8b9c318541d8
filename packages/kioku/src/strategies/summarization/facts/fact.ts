/** The kinds of indicator of compromise the extractor recognises. */
export type IndicatorKind = 'ipv4' | 'ipv6' | 'domain' | 'url' | 'email' | 'md5' | 'sha1' | 'sha256' | 'cve';

/**
 * One must-keep item of a history: an indicator of compromise, or an explicit instruction the user gave
 * (a sentence such as "Do not modify the tests.").
 */
export interface Fact {
  kind: IndicatorKind | 'instruction';
  /** As it appears in the text (an instruction: the sentence, trimmed). */
  value: string;
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
};
