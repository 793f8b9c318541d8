/**
 * Why a server URL's user or password cannot be read unambiguously, or undefined when it can: an `@`,
 * `/`, `?` or `#` left unencoded before the last `@` makes URL parsers split the URL elsewhere (the tail
 * of `postgres://u:p@ss/w0rd@db/x` becomes a host `ss`), so kioku refuses it rather than connect to a host
 * the user never named.
 */
export function findUnencodedCredentials(url: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0];
  if (scheme === undefined) return undefined;
  const rest = url.slice(scheme.length);
  const userinfo = rest.slice(0, Math.max(rest.lastIndexOf('@'), 0));
  const reserved = [...new Set(userinfo.match(/[@/?#]/g) ?? [])];
  if (reserved.length === 0) return undefined;
  const encoded = reserved.map((char) => `${char} as %${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return (
    `its user or password holds ${reserved.map((char) => `'${char}'`).join(', ')} unencoded, which would be ` +
    `read as part of the host; percent-encode ${encoded.join(', ')}`
  );
}
