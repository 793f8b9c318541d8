import { stat } from 'node:fs/promises';

/**
 * True when `a` and `b` name one file: the same device and inode, so a second name (`./run.json`, a
 * symbolic link, a hard link) is caught too. False when either does not exist.
 */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([stat(a).catch(() => undefined), stat(b).catch(() => undefined)]);
  if (first === undefined || second === undefined) return false;
  return first.dev === second.dev && first.ino === second.ino;
}
