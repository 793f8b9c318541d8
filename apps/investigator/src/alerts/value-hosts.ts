import { extractIndicators } from 'kioku/strategies';

/**
 * A whole value that is a host name under a suffix kept for private networks, any number of labels
 * (`dmevals.local`, `ip-10-0-0-1.ec2.internal`): kioku's extractor takes public TLDs only.
 */
const privateHostValue =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:internal|local|lan|corp|home\.arpa)$/i;
/**
 * A whole value that is one host name with labels in upper case (`MKT01.pandalab.com`, a Windows host's
 * NetBIOS name before its domain): kioku's extractor takes mixed case for code (`Model.Id`); a label all in
 * one case is a host's.
 */
const oneCaseHostValue =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?)\.)+[a-z]{2,24}$/;
/** The same in any case, for a field that names a host (`VNEVADO-Win10V.vnevado.alpineskihouse.co`). */
const anyCaseHostValue = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i;
/** A relative Windows path whose first folder is a dotted name (SYSVOL's `dmevals.local\Policies\…`). */
const pathFolder = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)\\/i;
/**
 * A Kerberos principal ending with its realm, written in upper case as realms are (`UTICA$/DMEVALS.LOCAL`,
 * `krbtgt/PANDALAB.COM`, `stevie.marie/PANDALAB.COM`): the realm is the domain's name.
 */
const principalRealm =
  /^[^\s/@\\]+(?:\/[^\s/@\\]+)*[/@]([A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?(?:\.[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?)+)$/;
/** The longest value read as a path or a principal (a host name is at most 253 characters). */
const maxValue = 1024;

/** The host names a whole string value names, and whether the value is one host name and nothing else. */
export interface ValueHosts {
  hosts: string[];
  whole: boolean;
}

/**
 * The host names a whole string value (trimmed) names that kioku's text extractor does not take: the value
 * itself when it is one host name (under a private suffix, `dmevals.local`; labels each in one case,
 * `MKT01.pandalab.com`; any case when `hostField` says the field names a host), a relative Windows path's
 * first folder (`dmevals.local\Policies\gpt.ini`, SYSVOL's domain folder) and a Kerberos principal's realm
 * (`krbtgt/DMEVALS.LOCAL`). Bounded: a value longer than any path or principal is not read.
 */
export function valueHosts(value: string, hostField: boolean): ValueHosts {
  if (value.length > maxValue) return { hosts: [], whole: false };
  if (isHostName(value, hostField)) return { hosts: [value], whole: true };
  const folder = pathFolder.exec(value)?.[1];
  if (folder !== undefined && isHostName(folder, false)) return { hosts: [folder], whole: false };
  const realm = principalRealm.exec(value)?.[1];
  if (realm !== undefined && isHostName(realm, true)) return { hosts: [realm], whole: false };
  return { hosts: [], whole: false };
}

/**
 * Whether a name is one host name: under a private suffix, or a name kioku's extractor takes as a domain
 * once it is in lower case, its labels each in one case unless `anyCase`.
 */
export function isHostName(name: string, anyCase: boolean): boolean {
  if (privateHostValue.test(name)) return true;
  if (!(anyCase ? anyCaseHostValue : oneCaseHostValue).test(name)) return false;
  const lower = name.toLowerCase();
  const found = extractIndicators(lower);
  return found.length === 1 && found[0]?.kind === 'domain' && found[0].value === lower;
}
