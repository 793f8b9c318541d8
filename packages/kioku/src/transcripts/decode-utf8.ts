import { TranscriptFormatError } from '../errors/transcript-format-error.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 bytes (dropping a BOM); invalid UTF-8 is an error that gives the first bad byte's offset. */
export function decodeUtf8(bytes: Uint8Array, { file }: { file: string }): string {
  try {
    return decoder.decode(bytes);
  } catch (error) {
    const offset = firstInvalidByte(bytes);
    throw new TranscriptFormatError({
      file,
      location: `byte ${offset}`,
      expected: 'UTF-8 text',
      found: `the byte 0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')}, which is not valid UTF-8 there`,
      cause: error,
    });
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const [length, min, max] = sequenceOf(lead);
    if (length === 0) return i;
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      const low = k === 1 ? min : 0x80;
      const high = k === 1 ? max : 0xbf;
      if (next < low || next > high) return i + k;
    }
    i += length;
  }
  return bytes.length;
}

/** Length of the sequence a lead byte starts and the allowed range of its second byte (RFC 3629). */
function sequenceOf(lead: number): [number, number, number] {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}
