import { createHash } from 'node:crypto';
import { normalizeMemoryText } from './normalize-memory-text.js';

/**
 * The form two claims share when they say the same thing with different typography: Unicode NFKC
 * without invisible format and tag characters (see `normalizeMemoryText`), lowercase, quotes and backticks dropped, runs of whitespace made one space, trailing punctuation
 * removed. `The table \`SigninLogs\` has UserPrincipalName.` and `the table SigninLogs has
 * userprincipalname` normalize alike.
 */
export function normalizeClaim(claim: string): string {
  return normalizeMemoryText(claim)
    .toLowerCase()
    .replace(/[`"'\u2018\u2019\u201c\u201d]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.;:!,]+$/, '');
}

/** The key a namespace's claims are unique on: sha-256 of the normalized claim, in hex. */
export function claimKey(claim: string): string {
  return createHash('sha256').update(normalizeClaim(claim)).digest('hex');
}
