/** Query parameters that carry a secret, removed from a URL before it is shown. */
const secretParameters = /^(password|sslpassword|passfile|sslkey)$/i;

/**
 * A store URL fit to print: everything between `scheme://` and the **last** `@` becomes `user:***` (so a
 * password holding `@`, `/` or `:` unencoded is hidden whole), and secret query parameters
 * (`password=`, `sslpassword=`, …) are dropped. Works on any scheme (`mysql://user:pass@…` too) and on
 * text that does not parse as a URL.
 *
 * @example
 * maskStoreUrl('postgres://kioku:p@ss/w0rd@db:5432/agents?password=x&sslmode=require');
 * // 'postgres://kioku:***@db:5432/agents?sslmode=require'
 */
export function maskStoreUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0];
  if (scheme === undefined) return url;
  let rest = url.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at !== -1) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
    // A user name with a reserved character unencoded may hold part of a password: hide it whole.
    const shown = /[/?#@]/.test(user) ? '***' : colon === -1 ? user : `${user}:***`;
    rest = `${shown}${rest.slice(at)}`;
  }
  const query = rest.indexOf('?');
  if (query === -1) return `${scheme}${rest}`;
  const [search = '', fragment] = rest.slice(query + 1).split('#', 2);
  const kept = search
    .split('&')
    .filter((parameter) => parameter !== '' && !secretParameters.test(parameter.split('=', 1)[0] ?? ''));
  const tail = `${kept.length > 0 ? `?${kept.join('&')}` : ''}${fragment === undefined ? '' : `#${fragment}`}`;
  return `${scheme}${rest.slice(0, query)}${tail}`;
}
