import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when `given` equals `expected`, compared in constant time: both are hashed first, so neither the
 * length nor the first differing byte of the secret shows in the time taken.
 */
export function tokensEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
