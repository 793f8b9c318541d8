import { Command, CommanderError } from 'commander';
import { commands, requestedCommand } from './command-registry.js';

/**
 * Runs `investigator` with `args` (what follows `investigator` on the command line). Commander's own
 * exits (help, bad arguments) set `process.exitCode` to the code it would exit with and return, so the
 * CLI tests can run it in their own process too; the bin (`main.ts`) calls it.
 */
export async function runInvestigatorCli(args: readonly string[]): Promise<void> {
  const program = new Command('investigator')
    .description('Investigate security alerts with an agent built on kioku.')
    .showHelpAfterError()
    .configureHelp({ subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trim() });
  const requested = requestedCommand(args);
  for (const [name, entry] of Object.entries(commands)) {
    if (name === requested) program.addCommand(await entry.load());
    // Listed (for the help and for "unknown command" suggestions), never run: the requested one is loaded.
    else program.addCommand(new Command(name).usage(entry.usage).summary(entry.summary));
  }
  exitOverride(program);
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    process.exitCode = error.exitCode;
  }
}

// Added commands do not inherit exitOverride: set it on every one, subcommands of subcommands too.
function exitOverride(command: Command): void {
  command.exitOverride();
  for (const subcommand of command.commands) exitOverride(subcommand);
}
