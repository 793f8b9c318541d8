import type { FilePart, ImagePart } from 'ai';
import { type FileSource, fileSource } from './file-source.js';

/** The base64 data or URL of a user message's image or file part (`undefined` when it has neither). */
export function mediaPartSource(part: ImagePart | FilePart): FileSource | undefined {
  return part.type === 'file'
    ? fileSource(part)
    : fileSource({ data: part.image as never, mediaType: part.mediaType ?? 'image' });
}
