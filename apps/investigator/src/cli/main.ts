#!/usr/bin/env node
import { Command } from 'commander';
import { commands, requestedCommand } from './command-registry.js';

const program = new Command('investigator')
  .description('Investigate security alerts with an agent built on kioku.')
  .showHelpAfterError()
  .configureHelp({ subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trim() });
const requested = requestedCommand(process.argv.slice(2));
for (const [name, entry] of Object.entries(commands)) {
  if (name === requested) program.addCommand(await entry.load());
  // Listed (for the help and for "unknown command" suggestions), never run: the requested one is loaded.
  else program.addCommand(new Command(name).usage(entry.usage).summary(entry.summary));
}

await program.parseAsync();
