import type { MediaPart } from './media-part.js';

/**
 * OpenAI's image cost for gpt-4o, gpt-4.1 and gpt-5 at high detail (the default for large images): the
 * image is scaled to fit 2048×2048, then so its short side is at most 768 px; it costs 85 tokens plus 170
 * per 512-px tile. An image of unknown size counts as 765 (a 768×768 image, four tiles). PDFs are
 * billed as their extracted text plus an image of each page: counted as one 768×1024 page image
 * (85 + 170 × 4 = 765) per page, an estimate.
 */
export function openAIMediaTokens(media: MediaPart): number {
  if (media.kind === 'document') return (media.pages ?? 1) * 765;
  if (media.size === undefined) return 765;
  let { width, height } = media.size;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const shortSide = Math.min(1, 768 / Math.min(width, height));
  width *= shortSide;
  height *= shortSide;
  return 85 + 170 * Math.ceil(width / 512) * Math.ceil(height / 512);
}
