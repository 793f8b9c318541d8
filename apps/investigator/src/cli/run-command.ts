import { InputFormatError, KiokuError } from 'kioku';
import { storageErrorFromDriver } from 'kioku/store';
import { PermissionError } from '../auth/permission-error.js';

/**
 * Runs a command's work and turns the errors a user can fix (every kioku and investigator error: bad
 * input, unknown alert, a store that cannot be opened) into one line on standard error and exit code 1
 * (2 for bad input, 3 when the acting user's role does not allow it). Anything else is a bug and is rethrown with its stack.
 */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const known = storageErrorFromDriver(error) ?? error;
    if (!KiokuError.isInstance(known)) throw error;
    process.stderr.write(`investigator: ${known.message}\n`);
    process.exitCode = PermissionError.isInstance(known) ? 3 : InputFormatError.isInstance(known) ? 2 : 1;
  }
}
