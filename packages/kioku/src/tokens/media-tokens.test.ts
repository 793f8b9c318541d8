import { deflateSync } from 'node:zlib';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { anthropicMediaTokens } from './anthropic-media-tokens.js';
import { createClaudeCounter } from './claude-counter.js';
import { counterForModel } from './counter-for-model.js';
import { geminiMediaTokens } from './gemini-media-tokens.js';
import { imageSize } from './image-size.js';
import { mediaOfPart } from './media-of-part.js';
import { createOpenAICounter } from './openai-counter.js';
import { openAIMediaTokens } from './openai-media-tokens.js';

/** A valid PNG of one colour, `width` × `height`, padded to at least `padTo` bytes after its IEND. */
function png(width: number, height: number, padTo = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const image = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return Buffer.concat([image, Buffer.alloc(Math.max(0, padTo - image.length))]);
}

/** A JPEG header whose frame size comes after a 60 KB EXIF segment, as camera photos have. */
function jpeg(width: number, height: number): Buffer {
  const exif = Buffer.alloc(60_000);
  exif.writeUInt16BE(60_000, 0);
  const frame = Buffer.from([0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe1]),
    exif,
    Buffer.from([0xff, 0xc0]),
    frame,
    Buffer.alloc(16),
  ]);
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type/Page /Parent 2 0 R >> endobj\n5 0 obj << /Type /Page /Parent 2 0 R >> endobj\n%%EOF',
  'latin1',
);

describe('imageSize', () => {
  it('reads PNG, JPEG (past an EXIF segment), GIF and WebP headers', () => {
    expect(imageSize(png(1600, 1200))).toEqual({ width: 1600, height: 1200 });
    expect(imageSize(jpeg(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    const gif = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xf0, 0x00, 0, 0]);
    expect(imageSize(gif)).toEqual({ width: 320, height: 240 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(799, 24, 3);
    webp.writeUIntLE(599, 27, 3);
    expect(imageSize(webp)).toEqual({ width: 800, height: 600 });
  });

  it('gives up on other, truncated or broken data', () => {
    expect(imageSize(Buffer.from('hello world, not an image'))).toBeUndefined();
    expect(imageSize(png(10, 10).subarray(0, 12))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });
});

describe('mediaOfPart', () => {
  it('reads base64, data URLs and bytes; a URL gives the type alone; PDFs by their pages', () => {
    const image = png(640, 480);
    const size = { width: 640, height: 480 };
    expect(mediaOfPart(image.toString('base64'), 'image/png')).toEqual({
      kind: 'image',
      mediaType: 'image/png',
      size,
    });
    expect(mediaOfPart(`data:image/png;base64,${image.toString('base64')}`, undefined)).toMatchObject({
      size,
    });
    expect(mediaOfPart(new Uint8Array(image), 'image/png')).toMatchObject({ size });
    expect(mediaOfPart({ type: 'data', data: image }, 'image/png')).toMatchObject({ size });
    // What convertToModelMessages makes of a UI file part: a data: URL object.
    const dataUrl = new URL(`data:image/png;base64,${image.toString('base64')}`);
    expect(mediaOfPart({ type: 'url', url: dataUrl }, 'image/png')).toMatchObject({ size });
    expect(mediaOfPart(new URL('https://example.com/a.png'), 'image/png')).toEqual({
      kind: 'image',
      mediaType: 'image/png',
    });
    expect(mediaOfPart(pdf.toString('base64'), 'application/pdf')).toEqual({
      kind: 'document',
      mediaType: 'application/pdf',
      pages: 3,
    });
    expect(mediaOfPart('aGVsbG8=', 'text/plain')).toBeUndefined();
  });
});

describe('media token rules', () => {
  const image = (width: number, height: number) =>
    ({ kind: 'image', mediaType: 'image/png', size: { width, height } }) as const;

  it('follow the providers’ published examples', () => {
    // OpenAI: 1024² at high detail is 4 tiles; 2048×4096 scales to 768×1536, 6 tiles.
    expect(openAIMediaTokens(image(1024, 1024))).toBe(765);
    expect(openAIMediaTokens(image(2048, 4096))).toBe(1105);
    // Anthropic: 1000×1000 is about 1,334 tokens; a 4000×3000 photo is scaled down to about 1.15 MP.
    expect(anthropicMediaTokens(image(1000, 1000))).toBe(1334);
    expect(anthropicMediaTokens(image(4000, 3000))).toBe(1534);
    // Gemini: small images are one 258-token unit; larger ones 768-px tiles.
    expect(geminiMediaTokens(image(300, 300))).toBe(258);
    expect(geminiMediaTokens(image(1000, 1000))).toBe(1032);
    expect(geminiMediaTokens({ kind: 'document', mediaType: 'application/pdf', pages: 3 })).toBe(774);
  });
});

describe('counting images in prompts', () => {
  const withImage = (data: string | URL): ModelMessage => ({
    role: 'user',
    content: [
      { type: 'text', text: 'What is in this screenshot?' },
      { type: 'file', mediaType: 'image/png', data },
    ],
  });
  // A 4 MB base64 PNG screenshot.
  const screenshot = png(2048, 4096, 3_100_000).toString('base64');
  const url = new URL('https://example.com/screenshot.png');

  it('counts a 4 MB base64 image by its pixels, not as a few placeholder tokens', () => {
    expect(screenshot.length).toBeGreaterThan(4_000_000);
    const openai = createOpenAICounter();
    expect(openai.countMessage(withImage(screenshot)) - openai.countMessage(withImage(url))).toBe(1105 - 765);
    const claude = createClaudeCounter();
    expect(claude.countMessage(withImage(screenshot))).toBeGreaterThan(1000);
    const gemini = counterForModel('gemini-2.5-flash');
    expect(gemini.family).toBe('gemini');
    expect(gemini.countMessage(withImage(screenshot)) - gemini.countMessage(withImage(url))).toBe(
      258 * 3 * 6 - 258,
    );
  });
});
