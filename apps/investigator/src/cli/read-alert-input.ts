import { readFile } from 'node:fs/promises';
import { InvalidAlertError } from '../alerts/index.js';

/** The bytes of `file`, or of standard input when `file` is absent or `-`, with the name errors use. */
export async function readAlertInput(
  file: string | undefined,
): Promise<{ bytes: Uint8Array; input: string }> {
  if (file !== undefined && file !== '-') {
    try {
      return { bytes: await readFile(file), input: file };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'EACCES') throw error;
      throw new InvalidAlertError({
        input: file,
        expected: 'a readable alert JSON file',
        found:
          code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : 'no permission to read it',
      });
    }
  }
  if (process.stdin.isTTY) {
    throw new InvalidAlertError({
      input: 'stdin',
      expected: 'an alert file argument, or JSON piped to standard input',
      found: 'a terminal',
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), input: 'stdin' };
}
