import { text } from 'node:stream/consumers';

/**
 * A secret (a password) read from standard input, never from the command line (where `ps` and the shell's
 * history would show it): the first line, without its line ending.
 */
export async function readSecret(): Promise<string> {
  return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
}
