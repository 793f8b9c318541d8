import { fileExtensions, namesNotIdentifiers } from './entity-vocabulary.js';

const unit =
  /^\d+(?:ms|us|ns|s|sec|min|h|d|k|m|g|kb|mb|gb|tb|kib|mib|gib|px|em|rem|pt|hz|khz|mhz|ghz|fps|bps|kbps|mbps|x|st|nd|rd|th)$/i;

/** A bare machine name: letters and digits with a digit or a hyphen, or capitals (`DC01`, `web-prod`, `MKT`). */
export function isMachineName(value: string): boolean {
  if (value.length < 2 || value.length > 63 || /^[\d.]+$/.test(value) || /^0x/i.test(value)) return false;
  if (!/^[A-Za-z0-9][\w-]*$/.test(value) || /^[0-9a-f]{8}-[0-9a-f]{4}-|^S-\d-\d/i.test(value)) return false;
  return /\d|-/.test(value) || /^[A-Z]{3,}$/.test(value);
}

/** A machine's FQDN: three or more labels, the first with a digit or a hyphen (`vnevado-win11a.corp.co`). */
export function isMachineFqdn(value: string): boolean {
  const labels = value.split('.');
  if (labels.length < 3 || labels.every((label) => /^\d+$/.test(label))) return false;
  const first = labels[0] ?? '';
  return /^[a-z0-9][\w-]*$/i.test(first) && /\d|-/.test(first) && /[a-z]/i.test(first);
}

/** An account name: a word of letters, digits and `._$-` (no e-mail, UUID or SID). */
export function isAccountName(value: string): boolean {
  if (!/^[A-Za-z0-9][\w.$-]{0,62}[\w$]$/.test(value) || /^\d+$/.test(value)) return false;
  return !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value) && !/^S-\d-/.test(value);
}

/**
 * A path: absolute, or from `./`, `../`, `~/`; a relative path of three or more parts; of two parts only
 * with a file extension or a trailing slash (`and/or`, `text/plain`, `Mozilla/5.0` are none).
 */
export function isPath(path: string): boolean {
  // A part longer than a name is a blob (base64 has slashes too).
  if (!/[a-z]/i.test(path) || path.split('/').some((part) => part.length > 64)) return false;
  if (/^(?:\/|\.{1,2}\/|~\/)/.test(path)) return path.replace(/[/.~]/g, '').length >= 1;
  const parts = path.split('/');
  if (parts.every((part) => /^\d*$/.test(part))) return false;
  if (parts.length >= 3) return true;
  const last = parts.at(-1) ?? '';
  // `astroid/` is a directory; `a/` (a diff's side) and `J/` (a unit) are not.
  if (last === '') return (parts[0]?.length ?? 0) >= 2;
  const extension = last.includes('.') ? (last.split('.').at(-1) ?? '') : '';
  return fileExtensions.has(extension.toLowerCase());
}

/**
 * A code identifier or a record id by its shape: an underscore, mixed case (`SigninLogs`, `IPAddress`),
 * letters mixed with digits (4+, not a unit such as `12ms`), or a dotted chain of names; not a product
 * name, encoding or standard (`PowerShell`, `utf8`), nor a hex hash.
 */
export function isIdentifier(value: string): boolean {
  if (value.length > 64) return false;
  if (value.includes('.')) {
    const parts = value.split('.');
    if (fileExtensions.has((parts.at(-1) ?? '').toLowerCase())) return false;
    return parts.some((part) => part.length >= 2) && !parts.every((part) => part.length === 1);
  }
  if (namesNotIdentifiers.has(value.toLowerCase())) return false;
  if (/^[0-9a-f]+$/i.test(value) && [32, 40, 64].includes(value.length)) return false;
  if (value.includes('_')) return /[A-Za-z0-9]/.test(value);
  if (value.length >= 3 && (/[a-z][A-Z]/.test(value) || /[A-Z]{2}[a-z]{2}/.test(value))) return true;
  return value.length >= 4 && /\d/.test(value) && /[A-Za-z]/.test(value) && !unit.test(value);
}
