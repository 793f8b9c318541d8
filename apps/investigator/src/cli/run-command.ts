import { InputFormatError, KiokuError } from 'kioku';
import { storageErrorFromDriver } from 'kioku/store';
import { PermissionError } from '../auth/permission-error.js';

/**
 * Runs a command's work and turns its errors into one line on standard error: those a user can fix (every
 * kioku and investigator error: bad input, unknown alert, a store that cannot be opened) with exit code 1
 * (2 for bad input, 3 when the acting user's role does not allow it), and anything else (a provider's
 * error, a bug) with exit code 1 and its stack only when `INVESTIGATOR_DEBUG` is set.
 */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const known = storageErrorFromDriver(error) ?? error;
    if (KiokuError.isInstance(known)) {
      process.stderr.write(`investigator: ${firstLine(known.message)}\n`);
      process.exitCode = PermissionError.isInstance(known) ? 3 : InputFormatError.isInstance(known) ? 2 : 1;
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (process.env.INVESTIGATOR_DEBUG)
      process.stderr.write(`${error instanceof Error ? error.stack : message}\n`);
    else
      process.stderr.write(`investigator: ${firstLine(message)} (set INVESTIGATOR_DEBUG=1 for the stack)\n`);
    process.exitCode = 1;
  }
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 1000);
}
