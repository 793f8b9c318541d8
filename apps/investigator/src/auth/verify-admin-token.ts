import { scrypt, timingSafeEqual } from 'node:crypto';

/**
 * True when `token` is the one `stored` (from `hashAdminToken`) was made from; compared in constant time.
 * scrypt runs on libuv's thread pool, so a verification never blocks the event loop (the console bounds
 * how many run at once: `createSignInThrottle`).
 */
export async function verifyAdminToken(token: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      token,
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p) },
      (error, key) => (error === null ? resolve(key) : reject(error)),
    ),
  );
  return timingSafeEqual(given, expected);
}
