/** Width and height of an image in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** How far into an image its size is looked for: JPEG EXIF segments can push the frame header back. */
const maxHeaderBytes = 512 * 1024;

/**
 * The pixel size written in the header of a PNG, JPEG, GIF or WebP image, or `undefined` for another or
 * a broken format. Reads at most the first 512 KB, so a huge or hostile file costs little.
 */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  const data = bytes.subarray(0, maxHeaderBytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const ascii = (start: number, length: number) =>
    String.fromCharCode(...data.subarray(start, start + length));
  if (data.length >= 24 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
    return sized(view.getUint32(16), view.getUint32(20));
  }
  if (data.length >= 10 && ascii(0, 3) === 'GIF')
    return sized(view.getUint16(6, true), view.getUint16(8, true));
  if (data.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP')
    return webpSize(view, ascii(12, 4));
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(data, view);
  return undefined;
}

function jpegSize(data: Uint8Array, view: DataView): ImageSize | undefined {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized(view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

function webpSize(view: DataView, chunk: string): ImageSize | undefined {
  if (chunk === 'VP8 ') return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = 1 + (view.getUint8(24) | (view.getUint8(25) << 8) | (view.getUint8(26) << 16));
    const height = 1 + (view.getUint8(27) | (view.getUint8(28) << 8) | (view.getUint8(29) << 16));
    return sized(width, height);
  }
  return undefined;
}

function sized(width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}
