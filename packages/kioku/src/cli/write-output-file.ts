import { writeFile } from 'node:fs/promises';

/**
 * Writes a file the user asked for (`--out`, `--output`, `--report`). A failed write names the file even
 * when the system does not (an ENOSPC from `write` carries no path), so the CLI can print one line saying
 * which file could not be written and why.
 */
export async function writeOutputFile(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    if (error instanceof Error && (error as NodeJS.ErrnoException).path === undefined) {
      (error as NodeJS.ErrnoException).path = file;
    }
    throw error;
  }
}
