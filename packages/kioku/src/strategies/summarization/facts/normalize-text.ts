import { refang } from './refang.js';

/**
 * Text in the form facts are compared in: refanged, lower case, contractions spelled out ("don't" →
 * "do not"), punctuation other than the characters indicators are made of turned into spaces, runs of
 * spaces collapsed.
 */
export function normalizeText(text: string): string {
  return refang(text)
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(do|does|did|is|are|was|were|should|must|could|would|have|has)n't\b/g, '$1 not')
    .replace(/\bcan't\b/g, 'cannot')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/[^\p{L}\p{N}.:/@_%?&=#+~-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
