import { mkdirSync, writeFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Extracts a gzipped ustar archive (as PGlite's `dumpDataDir('gzip')` writes it: directories and regular
 * files, paths from the archive's root) into `directory`. Throws on anything else (links, devices, paths
 * leaving `directory`, a truncated archive): it extracts kioku's own store template, never user input.
 */
export function extractTar(gzipped: Uint8Array, directory: string): void {
  const archive = gunzipSync(gzipped);
  mkdirSync(directory, { recursive: true });
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return;
    const name =
      text(header, 345, 155) === ''
        ? text(header, 0, 100)
        : `${text(header, 345, 155)}/${text(header, 0, 100)}`;
    const mode = Number.parseInt(text(header, 100, 8) || '0', 8) & 0o777;
    const size = Number.parseInt(text(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const path = normalize(join(directory, name));
    if (path !== directory && !path.startsWith(`${normalize(directory)}${sep}`)) {
      throw new Error(`tar entry ${name} at byte ${offset} leaves ${directory}`);
    }
    const start = offset + 512;
    if (start + size > archive.length) throw new Error(`tar entry ${name} at byte ${offset} is truncated`);
    if (type === '5') mkdirSync(path, { recursive: true, mode: mode || 0o700 });
    else if (type === '0' || type === '\0')
      writeFileSync(path, archive.subarray(start, start + size), { mode: mode || 0o600 });
    else
      throw new Error(
        `tar entry ${name} at byte ${offset} has type ${JSON.stringify(type)}; expected a file or a directory`,
      );
    offset = start + Math.ceil(size / 512) * 512;
  }
  throw new Error('the tar archive has no end-of-archive marker');
}

function text(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end))
    .toString('utf8')
    .trim();
}
