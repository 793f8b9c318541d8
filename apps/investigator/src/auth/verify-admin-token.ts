import { scryptSync, timingSafeEqual } from 'node:crypto';

/** True when `token` is the one `stored` (from `hashAdminToken`) was made from; compared in constant time. */
export function verifyAdminToken(token: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = scryptSync(token, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(given, expected);
}
