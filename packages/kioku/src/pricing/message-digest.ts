import { createHash } from 'node:crypto';

const digests = new WeakMap<object, string>();
/** Copies that differ from a message only in `providerOptions`, by copy: they share its digest. */
const sources = new WeakMap<object, object>();

/**
 * Records that `copy` differs from `source` only in `providerOptions` (a cache marker put on or taken
 * off), so its digest is `source`'s without serialising it again.
 */
export function sameDigestAs(copy: object, source: object): void {
  sources.set(copy, sources.get(source) ?? source);
}

/**
 * A digest of a message (or tool list) that ignores `providerOptions`, so the same content with a cache
 * marker moved on or off has the same digest. Memoised by object identity.
 */
export function messageDigest(value: object): string {
  const known = digests.get(value);
  if (known !== undefined) return known;
  const source = sources.get(value);
  if (source !== undefined) {
    const shared = messageDigest(source);
    digests.set(value, shared);
    return shared;
  }
  const json = JSON.stringify(value, (name, inner: unknown) =>
    name === 'providerOptions' ? undefined : inner,
  );
  const digest = createHash('sha1').update(json).digest('base64');
  digests.set(value, digest);
  return digest;
}
