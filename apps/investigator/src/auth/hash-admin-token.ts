import { randomBytes, scryptSync } from 'node:crypto';

const cost = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

/**
 * The stored form of the console's admin token: `scrypt$N$r$p$<salt>$<hash>` (base64url, a random
 * 16-byte salt), so the store never holds the token itself.
 */
export function hashAdminToken(token: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(token, salt, keyLength, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}
