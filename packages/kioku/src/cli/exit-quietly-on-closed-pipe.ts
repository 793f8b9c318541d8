/**
 * Makes the process exit quietly, with code 0, when the reader of its standard output or error goes away
 * (`kioku sessions export <id> | head -1`): the reader has what it wanted, and an EPIPE is no failure.
 * Other stream errors are left to crash as they would.
 */
export function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(0);
    });
  }
}
