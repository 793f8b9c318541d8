import { isIPv6 } from 'node:net';
import { extractIndicators } from 'kioku/strategies';
import { type AlertIoc, maxAlertIocs } from './alert.js';
import { type IocField, isIdentifierName, namesHost, notIndicatorOf } from './alert-ioc-rules.js';
import { isHostName, valueHosts } from './value-hosts.js';

/**
 * A product token with its version (`Edg/126.0.0.0`, `Chrome/126.0.6478.127`): the version is no address. A
 * token starts where a run of name characters does (not at each `\b` inside `a.a.a…`, which made the scan
 * quadratic); it needs a letter, so `10.0.0.1/10.0.0.2` is no token.
 */
const productVersion = /(?<![\w.-])([\w.-]*)\/\d+(?:\.\d+){1,3}\b/g;
const letter = /[A-Za-z]/;
/** A cloud resource name or ARN (`organizations/1/sources/2/findings/<hex>`, `arn:aws:…`): a name, not indicators. */
const resourceName =
  /(?:(?<![\w.-])(?:organizations|projects|folders|sources|findings|detectors|subscriptions|resourceGroups)\/[^\s"]+|\barn:aws[\w-]*:[^\s"]*)/gi;
/** A URN (`urn:MailClusterEntity:44fc…`): a name, whatever hex it holds. */
const urn = /\burn:[a-z0-9][\w-]*:[^\s"]+/gi;
/** A resource id made of a short prefix and hex (`p-6f36fc14…`, `i-0317f6c6b66ae9c40`): an id, not a hash. */
const prefixedId = /\b[a-z]{1,4}-[0-9a-f]{16,}\b/gi;
/** A version written as an assignment (`auoms_version=2.5.2.0`, `version: 1.8.0.251`): no address. */
const versionAssignment = /(?<![\w.-])[\w.-]*version["']?\s*[=:]\s*["']?v?\d+(?:\.\d+){1,3}\b/gi;
/** An import-table hash in a list of a file's hashes (Sysmon's `IMPHASH=…`): not the file's hash. */
const importHash = /\bimphash=[0-9a-f]+/gi;
/** An IPv4-mapped IPv6 address (`::ffff:192.168.2.5`): the IPv4 address it maps. */
const mappedIpv4 = /::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}\b)/gi;
/** A `;` that separates the items of a list (`url;1`, `https://a;https://b`), not a URL's parameter (`;jsessionid=…`). */
const listSeparator = /;(?![^;\s]*=)/g;
const percentEncoded = /%[0-9a-f]{2}/i;
/**
 * A host name under a suffix kept for private networks (`ip-10-0-0-1.ec2.internal`, `dc01.corp.local`),
 * which kioku's extractor (public TLDs only) does not take: three labels or more inside text, two when it is
 * the whole value.
 */
const privateHost =
  /(?<![\w@/\\.$-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){2,}(?:internal|local|lan|corp|home\.arpa)(?![\w-]|\.[\w-])/gi;
/**
 * A UNC path's server (`\\NEWYORK.dmevals.local\IPC$`): a host the activity reached, which kioku's extractor
 * leaves (a name after a backslash is a path's part to it).
 */
const uncHost = /(?<![\w\\])\\\\([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?=[\\/\s"']|$)/gi;
/**
 * Hex assigned to an identifier's key in key=value text (FortiGate's `fctuid=4c9e…`, `devid=`): an id, not
 * a hash (the key is read as a field's name would be).
 */
const keyedHex = /(?<![\w.])([a-z_]\w*)=(["']?)[0-9a-f]{32,64}\2(?![0-9a-z])/gi;
/** A whole value that is one IPv4 address: taken as it is, without the text scan (an alert of 20,000 of them). */
const wholeIpv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** An IPv4-mapped IPv6 address or one with a zone (`fe80::1%eth0`): left to the text extractor's rules. */
const notWholeIpv6 = /^::ffff:\d|%/i;
/** A string value that may hold JSON (Sentinel's `Entities`, `ExtendedProperties`): read as its fields. */
const jsonText = /^\s*[[{]/;
/** The most text read from one alert for IOCs (an alert is at most 1 MiB by default; this bounds a larger one). */
const maxText = 4 * 1024 * 1024;

/** The IOCs of an alert, at most {@link maxAlertIocs}, and how many more distinct ones there were. */
export interface AlertIocs {
  iocs: AlertIoc[];
  omitted: number;
}

/**
 * The indicators of compromise in an alert, found without a model by kioku's extractor over every key and
 * string value of the parsed alert (so JSON escapes such as `\\` or `\u002e` do not hide them), JSON held
 * in a string value read as its fields, each indicator once, at most {@link maxAlertIocs} (the rest counted
 * in `omitted`). Also taken: host names under private-network suffixes (`.internal`, `.local`) and a value
 * that is a host name in any case. Not taken: the version of a product token (`Edg/126.0.0.0`) as an
 * address, cloud resource names (a finding's name), and what {@link notIndicatorOf} says a field does not
 * hold (identifiers and digests of what is not a file as hashes, the vendor's console, portal and
 * documentation links, cloud API endpoints and public registries as domains, message ids, the analyst an
 * alert is assigned to). Iterative, and bounded in the text it reads.
 */
export function alertIocs(value: unknown): AlertIocs {
  const seen = new Set<string>();
  const iocs: AlertIoc[] = [];
  let omitted = 0;
  let read = 0;
  // `field` is the key a value is under and its parent's (`ja3` and `hash`): what notIndicatorOf reads.
  const stack: Array<{ node: unknown; field: IocField }> = [{ node: value, field: noField }];
  const add = (ioc: AlertIoc, field: IocField) => {
    if (notIndicatorOf(field, ioc)) return;
    const key = `${ioc.kind}:${ioc.value.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (iocs.length < maxAlertIocs) iocs.push(ioc);
    else omitted += 1;
  };
  const scan = (text: string, field: IocField) => {
    if (read >= maxText) return;
    const bounded = text.slice(0, maxText - read);
    read += bounded.length;
    const trimmed = bounded.trim();
    // A whole value kioku's extractor reads as text but an analyst reads as one thing: an IPv6 address it
    // leaves (`::1`, `::`), a host name, a path's domain folder, a principal's realm.
    if (wholeIpv4.test(trimmed)) return add({ kind: 'ipv4', value: trimmed }, field);
    if (isIPv6(trimmed) && !notWholeIpv6.test(trimmed)) return add({ kind: 'ipv6', value: trimmed }, field);
    const { hosts, whole } = valueHosts(trimmed, namesHost(field));
    for (const host of hosts) add({ kind: 'domain', value: host }, field);
    if (whole) return;
    const cleaned = bounded
      .replace(productVersion, (match, token: string) => (letter.test(token) ? blank(match) : match))
      .replace(versionAssignment, blank)
      .replace(resourceName, blank)
      .replace(urn, blank)
      .replace(prefixedId, blank)
      .replace(importHash, blank)
      .replace(mappedIpv4, blank)
      .replace(listSeparator, ' ')
      .replace(privateHost, (match) => {
        add({ kind: 'domain', value: match }, field);
        return blank(match);
      })
      .replace(uncHost, (match, host: string) => {
        if (isHostName(host, true)) add({ kind: 'domain', value: host }, field);
        return match;
      })
      .replace(keyedHex, (match, key: string) => (isIdentifierName(key) ? blank(match) : match));
    for (const ioc of extractIndicators(cleaned)) add(ioc, field);
    // An address written inside percent-encoded text (`%2F185.243.115.84%2F`) is still one; the URL is not.
    if (percentEncoded.test(cleaned)) {
      for (const ioc of extractIndicators(decodePercents(cleaned).replace(/:\/\//g, ' ')))
        if (ioc.kind === 'ipv4' || ioc.kind === 'ipv6') add(ioc, field);
    }
  };
  while (stack.length > 0) {
    const { node, field } = stack.pop() as { node: unknown; field: IocField };
    if (typeof node === 'string') {
      const parsed = jsonText.test(node) && read < maxText ? parseJson(node) : undefined;
      if (parsed === undefined) scan(node, field);
      else stack.push({ node: parsed, field });
    } else if (typeof node === 'number') scan(String(node), field);
    else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push({ node: node[index], field });
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        stack.push({ node: item, field: { parent: field.key, key } });
        stack.push({ node: key, field: noField });
      }
    }
  }
  return { iocs, omitted };
}

/** The JSON object or array a string holds, or undefined when it holds none (it is then read as text). */
function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Text with its `%XX` escapes decoded (a malformed one left as it is). */
function decodePercents(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (escaped) => {
    try {
      return decodeURIComponent(escaped);
    } catch {
      return escaped;
    }
  });
}

const noField: IocField = { parent: '', key: '' };

function blank(match: string): string {
  return ' '.repeat(match.length);
}
