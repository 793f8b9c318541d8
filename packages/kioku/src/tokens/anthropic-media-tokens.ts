import type { MediaPart } from './media-part.js';

/** Anthropic's cap on an image's long edge and on its pixel count before it is scaled down. */
const maxEdge = 1568;
const maxPixels = 1_150_000;

/**
 * Anthropic's image cost for Claude: width × height / 750 tokens after the image is scaled down to fit a
 * 1568-px long edge and about 1.15 megapixels (so at most about 1,600 tokens); an image of unknown size
 * counts as 1,600. PDFs are billed as each page's text plus an image of the page (1,500 to 3,000 tokens
 * a page, says Anthropic): counted as a letter page at the cap (1,210 × 1,568 scaled to 1.15 MP, about
 * 1,533 tokens) per page, an estimate.
 */
export function anthropicMediaTokens(media: MediaPart): number {
  if (media.kind === 'document') return (media.pages ?? 1) * imageTokens(1210, 1568);
  if (media.size === undefined) return 1600;
  return imageTokens(media.size.width, media.size.height);
}

function imageTokens(width: number, height: number): number {
  const scale = Math.min(1, maxEdge / Math.max(width, height), Math.sqrt(maxPixels / (width * height)));
  return Math.ceil((width * scale * (height * scale)) / 750);
}
