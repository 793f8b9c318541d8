import { codeReceivers } from './entity-vocabulary.js';
import type { Fact, IndicatorKind } from './fact.js';
import type { FactSighting } from './fact-sighting.js';
import { refang } from './refang.js';
import { fileLikeTopLevelDomains, topLevelDomains } from './top-level-domains.js';

type Indicator = Fact & { kind: IndicatorKind };

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipv4Pattern = new RegExp(`(?<![\\w.])(?:${octet}\\.){3}${octet}(?!\\.?\\d|\\w)`, 'g');
const ipv6Candidate = /(?<![\w:.])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])/gi;
/** URLs of the web, file transfer, and the JNDI lookups of Log4Shell payloads (`${jndi:ldap://…}`, `rmi://`). */
const urlPattern =
  /\b(?:https?|hxxps?|ftp|sftp|tftp|wss?|ldaps?|rmi|iiop|corba|nds|nis|dns|smb):\/\/[^\s<>"'`]+/gi;
const emailPattern =
  /(?<![\w.+-])[a-z0-9][a-z0-9._%+-]*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}(?![\w-]|\.[a-z0-9])/gi;
const domainPattern =
  /(?<![\w@/\\.$-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?![\w-]|\.[\w-]|[([])/gi;
const hashPattern = /(?<![0-9a-z])(?:[0-9a-f]{64}|[0-9a-f]{40}|[0-9a-f]{32})(?![0-9a-z])/gi;
const cvePattern = /\bCVE-\d{4}-\d{4,7}\b/gi;
/** What every IPv6 candidate holds: two of its colons, at most 4 hex digits apart. */
const ipv6Needs = /:[0-9a-f]{0,4}:/i;

/** Generic TLDs a two-label host may end with; the others are words (`out.info`, `Const.int`, `admin.site`). */
const twoLabelGenericDomains = new Set(
  'com net org edu gov mil biz xyz top icu onion cyou buzz monster quest'.split(' '),
);
const hashKinds: Record<number, IndicatorKind> = { 32: 'md5', 40: 'sha1', 64: 'sha256' };
/**
 * Attribution lines (`# Copyright (c) 2018 Jane <jane@example.org>`, `Author:`, `Co-authored-by:`,
 * `Signed-off-by:`): source metadata whose addresses are not indicators.
 */
const attributionLine =
  /^[\s\d#*/;+-]*(?:copyright\b|\(c\)|:?author(?:s|ed-by)?:|(?:co-authored|signed-off|reviewed|reported|acked|tested|suggested|helped)-by:|maintainers?:)[^\n]*/gim;
/** A dotted quad that follows "version" or a `v` is a version number (`version - 2.0.0.0`, `v1.2.3.4`). */
const versionBefore = /(?:\bversions?|\bver|\brelease|\bv)[\s:=#-]*$/i;

/**
 * The indicators of compromise in a text, each once, by kind in order of first appearance: IPv4 and
 * IPv6 addresses, URLs (web, FTP, and JNDI schemes such as `ldap://`), e-mail addresses, domains (host names ending with a known
 * TLD; not file names such as `setup.py`, not attribute accesses such as `np.ma`, not hosts already inside
 * a URL or an address), MD5 / SHA-1 / SHA-256 hashes (hex with letters and digits) and CVE ids. Defanged
 * indicators (`hxxp://`, `evil[.]com`) are returned refanged. Not taken: addresses on attribution lines
 * (`Copyright`, `Author:`, `Co-authored-by:`: source metadata) and dotted quads after "version" or `v`.
 *
 * @example
 * extractIndicators('Beacon to hxxp://evil[.]com/a from 10.0.0.5');
 * // [{ kind: 'url', value: 'http://evil.com/a' }, { kind: 'ipv4', value: '10.0.0.5' }]
 */
export function extractIndicators(text: string): Indicator[] {
  return findIndicators(text);
}

/**
 * `extractIndicators`, telling `sighted` where each indicator was matched, every time (in a defanged
 * text, the index is in its refanged form).
 */
export function findIndicators(text: string, sighted?: FactSighting): Indicator[] {
  const found: Indicator[] = [];
  const seen = new Set<string>();
  const add = (kind: IndicatorKind, value: string, index: number) => {
    const key = `${kind}:${value.toLowerCase()}`;
    sighted?.(kind, value, index);
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ kind, value });
  };
  // Defanged indicators (`evil[.]com`) are taken refanged, the form a summary is checked in.
  let rest = refang(text);
  const blank = (match: string) => ' '.repeat(match.length);
  rest = rest.replace(urlPattern, (match, at: number) => {
    const url = trimUrl(match);
    if (isUrl(url)) add('url', url, at);
    return blank(match);
  });
  // Each scan below is skipped when a cheap test finds what every one of its matches needs missing
  // (an `@`, two colons at most 4 hex digits apart, a run of 32 hex digits): the same result, faster.
  if (rest.includes('@')) {
    rest = rest.replace(attributionLine, (line) => line.replace(emailPattern, blank));
    rest = rest.replace(emailPattern, (match, at: number) => {
      const domain = match.slice(match.indexOf('@') + 1);
      if (!topLevelDomains.has(tldOf(domain))) return match;
      add('email', match, at);
      return blank(match);
    });
  }
  for (const match of rest.matchAll(ipv4Pattern)) {
    const before = rest.slice(Math.max(0, match.index - 12), match.index);
    if (!versionBefore.test(before)) add('ipv4', match[0], match.index);
  }
  if (ipv6Needs.test(rest)) {
    for (const match of rest.matchAll(ipv6Candidate))
      if (isIpv6(match[0])) add('ipv6', match[0], match.index);
  }
  for (const match of rest.matchAll(domainPattern))
    if (isDomain(match[0])) add('domain', match[0], match.index);
  if (hasHexRun(rest, 32)) {
    for (const match of rest.matchAll(hashPattern)) {
      const kind = hashKinds[match[0].length];
      if (kind !== undefined && /\d/.test(match[0]) && /[a-f]/i.test(match[0]))
        add(kind, match[0], match.index);
    }
  }
  for (const match of rest.matchAll(cvePattern)) add('cve', match[0].toUpperCase(), match.index);
  return found;
}

/** True when `text` has `length` hex digits in a row (a loop: a regular expression is slower here). */
function hasHexRun(text: string, length: number): boolean {
  let run = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const hex = (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
    run = hex ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0 && '.,;:!?\'")]}>*'.includes(url[end - 1] ?? '')) {
    // A closing bracket is part of the URL when the URL opened it: https://en.wikipedia.org/wiki/Foo_(bar)
    const char = url[end - 1] ?? '';
    const open = { ')': '(', ']': '[', '}': '{' }[char];
    if (open !== undefined && count(url.slice(0, end), open) >= count(url.slice(0, end), char)) break;
    end -= 1;
  }
  return url.slice(0, end);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function isUrl(url: string): boolean {
  const host = url
    .replace(/^[a-z]+:\/\//i, '')
    .split(/[/?#]/)[0]
    ?.replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '');
  if (host === undefined || host === '') return false;
  return host === 'localhost' || host.includes('.') || host.startsWith('[');
}

function tldOf(host: string): string {
  return host.slice(host.lastIndexOf('.') + 1).toLowerCase();
}

function isDomain(host: string): boolean {
  const labels = host.split('.');
  const tld = tldOf(host);
  if (labels.length < 2 || !topLevelDomains.has(tld) || fileLikeTopLevelDomains.has(tld)) return false;
  // Domains are written in one case; `Model.Id` or `obj.fooBar.de` are code.
  const lower = host.toLowerCase();
  if (host !== lower && host !== host.toUpperCase() && host.slice(1) !== lower.slice(1)) return false;
  if (labels.slice(0, -1).every((label) => /^\d+$/.test(label))) return false;
  if (labels.length > 2) return true;
  // Two labels: `instance.pk`, `u.km`, `self.info`, `admin.site` are attribute accesses. Word-like
  // generic TLDs need a third label; a country code needs a first label that is no one-letter or
  // well-known variable.
  const first = (labels[0] ?? '').toLowerCase();
  if (codeReceivers.has(first)) return false;
  return tld.length === 2 ? first.length > 1 : twoLabelGenericDomains.has(tld);
}

function isIpv6(candidate: string): boolean {
  const halves = candidate.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  if (halves.length === 1) return groups.length === 8;
  // `1::2` (a Python slice) is no address; `fe80::1` and `2001:db8::1` are.
  return (
    groups.length >= 2 &&
    groups.length <= 7 &&
    groups.some((group) => /[a-f]/i.test(group) || group.length >= 3)
  );
}
