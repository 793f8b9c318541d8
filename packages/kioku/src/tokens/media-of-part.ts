import { Buffer } from 'node:buffer';
import { imageSize } from './image-size.js';
import type { MediaPart } from './media-part.js';

/** Base64 characters decoded to find an image's header (384 KB of bytes). */
const headerChars = 512 * 1024;
/** Base64 characters of a PDF scanned for its pages (about 24 MB of bytes); a longer PDF counts what fits. */
const pdfChars = 32 * 1024 * 1024;

/**
 * What the token rules need of an image or file part's data: its media type, an image's size from its
 * header, a PDF's page count. Accepts base64 strings, `data:` URLs (text, `URL` or `{ type: 'url' }`),
 * bytes and the tagged `{ type: 'data', data }` form; another URL or a provider reference gives the media type alone. Returns
 * `undefined` for files that are neither images nor PDFs.
 */
export function mediaOfPart(data: unknown, mediaType: string | undefined): MediaPart | undefined {
  const inline = inlineData(data);
  const type = (mediaType ?? inline?.mediaType ?? '').toLowerCase();
  if (type.startsWith('image')) {
    const bytes = inline === undefined ? undefined : decode(inline.data, headerChars);
    const size = bytes === undefined ? undefined : imageSize(bytes);
    return size === undefined ? { kind: 'image', mediaType: type } : { kind: 'image', mediaType: type, size };
  }
  if (type === 'application/pdf') {
    const bytes = inline === undefined ? undefined : decode(inline.data, pdfChars);
    const pages = bytes === undefined ? undefined : pdfPages(bytes);
    return pages === undefined
      ? { kind: 'document', mediaType: type }
      : { kind: 'document', mediaType: type, pages };
  }
  return undefined;
}

function inlineData(data: unknown): { data: string | Uint8Array; mediaType?: string } | undefined {
  if (typeof data === 'string') {
    const url = /^data:([^;,]+)?(?:;[^,]*)?;base64,/i.exec(data.slice(0, 256));
    if (url !== null) return { data: data.slice(url[0].length), ...(url[1] ? { mediaType: url[1] } : {}) };
    return /^[a-z]+:\/\//i.test(data.slice(0, 16)) ? undefined : { data };
  }
  if (data instanceof URL) return data.protocol === 'data:' ? inlineData(data.href) : undefined;
  if (data instanceof Uint8Array) return { data };
  if (data instanceof ArrayBuffer) return { data: new Uint8Array(data) };
  if (data !== null && typeof data === 'object' && 'type' in data) {
    if (data.type === 'data' && 'data' in data) return inlineData(data.data);
    if (data.type === 'url' && 'url' in data) return inlineData(data.url);
  }
  return undefined;
}

function decode(data: string | Uint8Array, maxChars: number): Uint8Array {
  if (typeof data !== 'string') return data;
  const prefix = data.slice(0, maxChars);
  return Buffer.from(prefix.slice(0, prefix.length - (prefix.length % 4)), 'base64');
}

/** Pages of a PDF: its `/Type /Page` objects (not `/Pages`), at least 1. */
function pdfPages(bytes: Uint8Array): number | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.startsWith('%PDF')) return undefined;
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  return Math.max(1, pages);
}
