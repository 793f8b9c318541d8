import { readFile } from 'node:fs/promises';
import { InvalidAlertError } from '../alerts/index.js';

/** The bytes of `file`, or of standard input when `file` is absent or `-`, with the name errors use. */
export async function readAlertInput(
  file: string | undefined,
): Promise<{ bytes: Uint8Array; input: string }> {
  if (file !== undefined && file !== '-') return { bytes: await readFile(file), input: file };
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
