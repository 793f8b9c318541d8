import { Command, CommanderError } from 'commander';
import { commands, requestedCommand } from './command-registry.js';
import { version } from './version.js';

/**
 * Runs `kioku` with `args` (what follows `kioku` on the command line) and sets `process.exitCode`: 2 for
 * bad arguments, 1 for an error it can describe in one line (printed to standard error); any other error
 * is thrown. The bin (`main.ts`) runs it; the CLI tests run it in their own process too.
 */
export async function runKioku(args: readonly string[]): Promise<void> {
  const program = new Command('kioku')
    .description('Keep long-running LLM agents inside their context window and budget.')
    .version(version)
    .showHelpAfterError()
    .exitOverride()
    .configureHelp({ subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trim() });
  const requested = requestedCommand(args);
  for (const [name, entry] of Object.entries(commands)) {
    if (name === requested) program.addCommand(await entry.load());
    // Listed (for the help and for "unknown command" suggestions), never run: the requested one is loaded.
    else program.addCommand(new Command(name).usage(entry.usage).summary(entry.summary));
  }
  // Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
  for (const command of program.commands) command.exitOverride().showHelpAfterError();

  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else {
      const { describeCliError } = await import('./describe-cli-error.js');
      const described = await describeCliError(error);
      if (described === undefined) throw error;
      console.error(described);
      process.exitCode = 1;
    }
  }
}
