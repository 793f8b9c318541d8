import type { MediaPart } from './media-part.js';

/**
 * Gemini's media cost (2.x): an image with both sides at most 384 px is 258 tokens; a larger one is cut
 * into 768×768 tiles of 258 tokens each; an image of unknown size counts as one tile. Each PDF page is
 * 258 tokens.
 */
export function geminiMediaTokens(media: MediaPart): number {
  if (media.kind === 'document') return (media.pages ?? 1) * 258;
  if (media.size === undefined) return 258;
  const { width, height } = media.size;
  if (width <= 384 && height <= 384) return 258;
  return 258 * Math.ceil(width / 768) * Math.ceil(height / 768);
}
