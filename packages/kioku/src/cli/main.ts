#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { commands, requestedCommand } from './command-registry.js';
import { exitQuietlyOnClosedPipe } from './exit-quietly-on-closed-pipe.js';
import { version } from './version.js';

const program = new Command('kioku')
  .description('Keep long-running LLM agents inside their context window and budget.')
  .version(version)
  .showHelpAfterError()
  .exitOverride()
  .configureHelp({ subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trim() });
const requested = requestedCommand(process.argv.slice(2));
for (const [name, entry] of Object.entries(commands)) {
  if (name === requested) program.addCommand(await entry.load());
  // Listed (for the help and for "unknown command" suggestions), never run: the requested one is loaded.
  else program.addCommand(new Command(name).usage(entry.usage).summary(entry.summary));
}
// Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
for (const command of program.commands) command.exitOverride().showHelpAfterError();

exitQuietlyOnClosedPipe();
try {
  await program.parseAsync();
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
