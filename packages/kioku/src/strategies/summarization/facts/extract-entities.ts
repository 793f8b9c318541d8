import { isIdentifier, isPath } from './entity-shapes.js';
import { codeReceivers, fileExtensions } from './entity-vocabulary.js';
import type { EntityKind, Fact } from './fact.js';
import type { FactSighting } from './fact-sighting.js';
import { findHostsAndUsers } from './find-hosts-and-users.js';

/** A path, identifier, host or user name found in a text. */
export type Entity = Fact & { kind: EntityKind };

/** Options of {@link extractEntities}. */
export interface ExtractEntitiesOptions {
  /**
   * The indicators of the same text (`extractIndicators`): never taken again as a file name or a dotted
   * identifier (`evil.com`), and their machines' FQDNs make the first label a host where it stands alone.
   * Default: none.
   */
  indicators?: readonly Fact[];
  /** Machine names known from elsewhere (earlier messages): hosts wherever they stand alone. Default: none. */
  hosts?: Iterable<string>;
}

const url = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/gi;
// From the start of a word only: a long word that is no address must not be retried at every letter.
const email = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const windowsPath =
  /(?<![\w\\])(?:[a-z]:\\|\\\\[\w.$-]+\\|\.{1,2}\\|%\w+%\\)(?:[^\\\s"'`<>|*?:,;()[\]{}]+\\)*[^\\\s"'`<>|*?:,;()[\]{}]*/gi;
const unixPath =
  /(?<![\w:/.~$@\\<-])(?:(?:~|\.{1,2})?\/[\w.@+$-]+(?:\/[\w.@+$-]*)*|[\w.@+$-]+(?:\/[\w.@+$-]*)+)/g;
const fileName = /(?<![\w./\\@$:-])(?:[a-z]:)?[A-Za-z0-9_][\w+-]*(?:\.[\w+-]+)+(?![\w/\\@-]|\.\w)/gi;
const uuid = /(?<![\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])/gi;
const sid = /(?<![\w-])S-\d-\d+(?:-\d+)+(?![\w-])/g;
const cmdlet = /(?<![\w-])[A-Z][a-z]+-[A-Z][A-Za-z]+(?![\w-])/g;
// Ids of hyphenated parts joined with an underscore (`da4bacac3a-d2ba-4b25-89fb-e36b3fd37b1a_1`).
const hyphenatedId = /(?<![\w-])(?=[\w-]*_)(?=[\w-]*\d)[A-Za-z0-9][\w]*(?:-[\w]+)+(?![\w-])/g;
// A name or a dotted chain of names; a command-line flag's name after its dash (`-EncodedCommand`).
const token = /(?<![\w$@\\]|(?<!\.)\.|[\w.]-)[A-Za-z0-9_]\w*(?:\.[A-Za-z_]\w*)*(?![\w-]|\.\w)/g;

/**
 * The paths, code identifiers and host and user names of a text, each once, by kind in order of first
 * appearance: paths (Unix and Windows, with a separator, or a file name with a known extension such as
 * `nodes.py`, `svchost.exe`); identifiers (names with an underscore, mixed case such as `SigninLogs`,
 * letters mixed with digits such as `credit_card_7434610`, dotted code such as `helpers.safe_infer`,
 * UUIDs, SIDs, PowerShell cmdlets; not product names, encodings or standards such as `PowerShell`,
 * `utf8`); host names written bare where the text makes them a machine's (a host column or field such as
 * `DeviceName`, "host WS01", or the first label of a machine's FQDN written alone); account names
 * (a user or account column or field, `DOMAIN\user`, "user nathans", an account entity's `Name`).
 * Nothing inside a URL or an e-mail address, and no indicator (`indicators`) is taken again.
 *
 * @example
 * extractEntities("host vnevado-win11a ran C:\\Windows\\notepad.exe; check DeviceProcessEvents");
 * // [{ kind: 'path', value: 'C:\\Windows\\notepad.exe' }, { kind: 'identifier', value: 'DeviceProcessEvents' },
 * //  { kind: 'host', value: 'vnevado-win11a' }]
 */
export function extractEntities(
  text: string,
  { indicators = [], hosts: knownHosts = [] }: ExtractEntitiesOptions = {},
): Entity[] {
  return findEntities(text, { indicators, hosts: knownHosts });
}

/** `extractEntities`, telling `sighted` where each entity was matched, every time. */
export function findEntities(
  text: string,
  { indicators = [], hosts: knownHosts = [] }: ExtractEntitiesOptions,
  sighted?: FactSighting,
): Entity[] {
  const found: Entity[] = [];
  const seen = new Set<string>();
  const taken = new Set(indicators.map((fact) => fact.value.toLowerCase()));
  const add = (kind: EntityKind, value: string, index: number) => {
    const lower = value.toLowerCase();
    if (value === '') return;
    const key = `${kind}:${lower}`;
    // Seen as this kind before (a repeat), or taken as another kind or an indicator.
    if (seen.has(key)) {
      sighted?.(kind, value, index);
      return;
    }
    if (taken.has(lower)) return;
    sighted?.(kind, value, index);
    seen.add(key);
    taken.add(lower);
    found.push({ kind, value });
  };
  const blank = (match: string) => ' '.repeat(match.length);
  let rest = text.includes('://') ? text.replace(url, blank) : text;
  if (rest.includes('@')) rest = rest.replace(email, blank);

  // Hosts and users first: a host is no identifier, `DOMAIN\user` no path.
  rest = findHostsAndUsers(rest, { indicators, hosts: knownHosts, add });

  // Paths, then file names: what they hold is no identifier.
  if (rest.includes('\\') || rest.includes('%')) {
    rest = rest.replace(windowsPath, (match, at: number) => {
      const path = match.replace(/[.]+$/, '');
      if (path.length > 3) add('path', path, at);
      return blank(match);
    });
  }
  rest = rest.replace(unixPath, (match, at: number) => {
    const path = match.replace(/[.,]+$/, '');
    if (isPath(path) && !isWindowsSwitch(rest, path, at)) {
      add('path', path, at);
      return blank(match);
    }
    return match;
  });
  rest = rest.replace(fileName, (match, at: number) => {
    const parts = match.replace(/^[a-z]:/i, '').split('.');
    if (!parts.slice(1).some((part) => fileExtensions.has(part.toLowerCase()))) return match;
    if (parts.every((part) => /^\d+$/.test(part))) return match;
    // `np.log(x)`, `self.diff`: code, whatever the last name looks like.
    if (codeReceivers.has(parts[0] ?? '') || rest[at + match.length] === '(') return match;
    add('path', match, at);
    return blank(match);
  });

  // Hyphenated ids; each scan only where a hyphen is.
  for (const pattern of rest.includes('-') ? [hyphenatedId, uuid, sid, cmdlet] : []) {
    rest = rest.replace(pattern, (match, at: number) => {
      add('identifier', match, at);
      return blank(match);
    });
  }
  for (const match of rest.matchAll(token)) {
    const value = match[0];
    if (isIdentifier(value)) add('identifier', value, match.index);
  }
  return found;
}

/**
 * A Windows command-line switch written like a one-part Unix path: `/target:computer`, or `/export` after
 * an executable or another switch (`secedit.exe /export /cfg`); `/testbed` alone is a path.
 */
function isWindowsSwitch(text: string, path: string, at: number): boolean {
  if (!/^\/[A-Za-z?][\w-]*$/.test(path)) return false;
  if (text[at + path.length] === ':') return true;
  const before = text.slice(Math.max(0, text.lastIndexOf('\n', at) + 1, at - 200), at);
  return /(?:\.(?:exe|com|bat|cmd)["']?|\s\/[A-Za-z?][\w-]*(?::\S*)?)\s+$/i.test(before);
}
