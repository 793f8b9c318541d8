import { createHash } from 'node:crypto';

const digests = new WeakMap<object, string>();

/**
 * A digest of a message (or tool list) that ignores `providerOptions`, so the same content with a cache
 * marker moved on or off has the same digest. Memoised by object identity.
 */
export function messageDigest(value: object): string {
  const known = digests.get(value);
  if (known !== undefined) return known;
  const json = JSON.stringify(value, (name, inner: unknown) =>
    name === 'providerOptions' ? undefined : inner,
  );
  const digest = createHash('sha1').update(json).digest('base64');
  digests.set(value, digest);
  return digest;
}
