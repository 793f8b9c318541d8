import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { InputFileError } from '../errors/input-file-error.js';

/** The default limit on one input file: 512 MiB, about the longest string Node can hold. */
export const defaultMaxFileBytes = 512 * 1024 * 1024;

/** What kind of file `stats` describes, for a refusal. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Sizes for messages: `1.5 MiB`. */
function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/**
 * Reads an input file whole, refusing what is not a regular file (a FIFO would block forever, a device
 * such as `/dev/zero` never ends) and a file larger than `maxBytes` (default {@link defaultMaxFileBytes}),
 * with an `InputFileError` naming the file. The file is opened without blocking and checked through its
 * open handle, so it cannot be swapped between the check and the read. System errors (ENOENT, EACCES)
 * are thrown as they are, with the path.
 */
export async function readInputFile(
  file: string,
  { maxBytes = defaultMaxFileBytes }: { maxBytes?: number } = {},
): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new InputFileError({
        file,
        reason: `${kindOf(stats)}, not a regular file`,
      });
    }
    const tooLarge = () =>
      new InputFileError({
        file,
        reason: `larger than the ${formatBytes(maxBytes)} limit on an input file`,
        maxBytes,
      });
    if (stats.size > maxBytes) throw tooLarge();
    // Read to the end, not to the size stat gave (the file may grow), and stop one byte past the limit.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(Math.max(stats.size - length, 65_536), maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) throw tooLarge();
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
  } finally {
    await handle.close();
  }
}
