import type { ImageSize } from './image-size.js';

/** An image or a document in a message, as the token rules of the providers need it. */
export interface MediaPart {
  kind: 'image' | 'document';
  mediaType: string;
  /** The image's size, when its header could be read (inline data, not a URL). */
  size?: ImageSize;
  /** A PDF's page count, when its data is inline. */
  pages?: number;
}

/** Prompt tokens a provider bills for one image or document. */
export type MediaTokens = (media: MediaPart) => number;
