import type { FilePart } from 'ai';

/** Where a file part's bytes are, for a writer: inline base64 or a URL (or `undefined` when neither). */
export type FileSource =
  | { kind: 'base64'; data: string; mediaType: string }
  | { kind: 'url'; url: string; mediaType: string };

/** The base64 data or URL of a file part, whatever form the AI SDK part holds it in. */
export function fileSource(part: Pick<FilePart, 'data' | 'mediaType'>): FileSource | undefined {
  const { mediaType } = part;
  let data: unknown = part.data;
  if (typeof data === 'object' && data !== null && 'type' in data) {
    const tagged = data as { type: string; data?: unknown; url?: unknown };
    if (tagged.type === 'url') data = tagged.url;
    else if (tagged.type === 'data') data = tagged.data;
    else return undefined;
  }
  if (data instanceof URL) return { kind: 'url', url: data.href, mediaType };
  if (typeof data === 'string') {
    const inline = /^data:([^;,]+);base64,(.*)$/s.exec(data);
    if (inline?.[2] !== undefined)
      return { kind: 'base64', data: inline[2], mediaType: inline[1] ?? mediaType };
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(data)
      ? { kind: 'url', url: data, mediaType }
      : { kind: 'base64', data, mediaType };
  }
  if (data instanceof Uint8Array)
    return { kind: 'base64', data: Buffer.from(data).toString('base64'), mediaType };
  if (data instanceof ArrayBuffer) {
    return { kind: 'base64', data: Buffer.from(new Uint8Array(data)).toString('base64'), mediaType };
  }
  return undefined;
}
