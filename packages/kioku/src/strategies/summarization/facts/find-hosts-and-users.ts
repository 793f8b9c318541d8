import { isAccountName, isMachineFqdn, isMachineName } from './entity-shapes.js';
import { fileExtensions, hostKey, notAccountNames, userKey } from './entity-vocabulary.js';
import type { EntityKind, Fact } from './fact.js';

// `Key = 'value'`, `"Key": "value"`, `Key LIKE '%value%'`, `LOWER(Key) LIKE …`, `Key: value`, `Key (value)`.
const keyedValue =
  /(?<![\w/-])(["']?)([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?)\1\)?\s*(?:[:=]|\bLIKE\b|\bIN\s*\(|(?<=\s)\()\s*(["'`]?)%?([^"'`%\s,;()[\]{}]{1,255}?)%?\3(?=[\s"'`,;)\]}]|$)/gi;
/** What every key of a host or an account holds (a cheap test before the keyed scan). */
const hostOrUserWord = /device|host|computer|machine|workstation|endpoint|fqdn|server|account|user|login/i;
const hostInProse =
  /(?<![\w/-])(?:host(?:name)?|machine|device|computer|server|workstation|endpoint)s?(?:\s+name)?(?:\s*[,:=]\s*|\s+)(?:(?:named|called|identified\s+as)\s+)?[`'"]?([A-Za-z0-9][\w-]{1,62})(?![\w-]|\.\w)/gi;
const userInProse =
  /\b(?:user(?:\s*name)?|account|logged\s+(?:in|on)\s+as|runs?\s+as|running\s+as)(?:\s*[:=]\s*|\s+)([`'"]?)([A-Za-z][\w.$-]{0,62}[\w$])\1(?![\w@\\-])/gi;
// `CONTOSO\alice`, `NT AUTHORITY\SYSTEM`: a domain in capitals (`src\project` is a path, `x\nyz` an escape).
const domainUser = /(?<![\w\\:.])((?:NT AUTHORITY|[A-Z][A-Z0-9.-]{0,14})\\[A-Za-z][\w.$-]{0,63})(?![\w\\])/g;
const accountObject = /\{[^{}]*"Type"\s*:\s*"account"[^{}]*(?:\}|$)/gi;
const accountName = /"Name"\s*:\s*"([^"\\]{1,64})"/;

/** Options of {@link findHostsAndUsers}. */
export interface FindHostsAndUsersOptions {
  /** The indicators of the text: a machine's FQDN makes its first label a host where it stands alone. */
  indicators: readonly Fact[];
  /** Machine names known from elsewhere: hosts wherever they stand alone. */
  hosts: Iterable<string>;
  /** Called with each host and user name found, and the index it was matched at. */
  add: (kind: EntityKind, value: string, index: number) => void;
}

/**
 * Finds the host and user names of a text (see `extractEntities`) and returns the text with each
 * `DOMAIN\user` blanked, so it is not read again as a path.
 */
export function findHostsAndUsers(
  text: string,
  { indicators, hosts: known, add }: FindHostsAndUsersOptions,
): string {
  const hosts = new Set<string>(known);
  const keyed = hostOrUserWord.test(text);
  if (keyed) {
    for (const match of text.matchAll(keyedValue)) {
      const [, , key = '', quote = '', value = ''] = match;
      if (hostKey.test(key)) {
        const at = match.index + match[0].lastIndexOf(value);
        if (!value.includes('.') && isMachineName(value)) add('host', value, at);
        if (isMachineFqdn(value)) hosts.add(firstLabel(value));
      } else if (userKey.test(key) && isAccountName(value) && (quote !== '' || /^[A-Z]/.test(key))) {
        // `user = None` in code is no account: a lower-case key needs a quoted value (`user='bob'`).
        add('user', value, match.index + match[0].lastIndexOf(value));
      }
    }
    for (const match of text.matchAll(hostInProse)) {
      const value = match[1] ?? '';
      if (isMachineName(value)) add('host', value, match.index + match[0].length - value.length);
    }
  }
  for (const { kind, value } of indicators) {
    if (kind === 'domain' && isMachineFqdn(value)) hosts.add(firstLabel(value));
  }
  if (hosts.size > 0) {
    // Every word that may be a bare name, once: a lookup per word, not a scan per host.
    const byName = new Map([...hosts].map((host) => [host.toLowerCase(), host]));
    for (const { 0: word, index } of text.matchAll(/(?<![\w.-])[A-Za-z0-9][\w-]*(?![\w-]|\.\w)/g)) {
      const host = byName.get(word.toLowerCase());
      if (host !== undefined) add('host', word, index);
    }
  }
  if (text.includes('"Type"')) {
    for (const object of text.matchAll(accountObject)) {
      const named = accountName.exec(object[0]);
      const name = named?.[1];
      if (named !== null && name !== undefined && isAccountName(name))
        add('user', name, object.index + named.index + named[0].lastIndexOf(name));
    }
  }
  let rest = text;
  if (text.includes('\\')) {
    rest = text.replace(domainUser, (match, value: string, at: number) => {
      // `SELECT\nFROM`, `FOO\t x`: an escape sequence, not a user (`CONTOSO\nathan` is one).
      if (/\\[ntr](?![a-z]{2})/.test(value)) return match;
      // `TEMP\drop.exe` is a path.
      if (fileExtensions.has(value.slice(value.lastIndexOf('.') + 1).toLowerCase()) && value.includes('.'))
        return match;
      add('user', value, at);
      return ' '.repeat(match.length);
    });
  }
  if (keyed) {
    // Unquoted, a name after "user" is an account's only when it is shaped like one (`svc_backup`, `u622`):
    // "user nathans" cannot be told from "user confirmation" without a dictionary.
    for (const match of rest.matchAll(userInProse)) {
      const [, quote = '', value = ''] = match;
      const shaped = /^[a-z][\w.$-]*$/.test(value) && /[\d_$-]/.test(value);
      if ((quote !== '' || shaped) && !notAccountNames.has(value.toLowerCase()) && isAccountName(value))
        add('user', value, match.index + match[0].length - quote.length - value.length);
    }
  }
  return rest;
}

function firstLabel(value: string): string {
  return value.split('.')[0] ?? value;
}
