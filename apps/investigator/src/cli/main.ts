#!/usr/bin/env node
import { Command } from 'commander';
import { chatCommand } from './chat-command.js';
import { listCommand } from './list-command.js';
import { logsCommand } from './logs-command.js';
import { newCommand } from './new-command.js';
import { resolveCommand } from './resolve-command.js';
import { showCommand } from './show-command.js';

const program = new Command('investigator')
  .description('Investigate security alerts with an agent built on kioku.')
  .showHelpAfterError();
program.addCommand(logsCommand());
program.addCommand(chatCommand());

program.addCommand(newCommand());
program.addCommand(listCommand());
program.addCommand(showCommand());
program.addCommand(resolveCommand());

await program.parseAsync();
