#!/usr/bin/env node
import { Command } from 'commander';
import { logsCommand } from './logs-command.js';

const program = new Command('investigator')
  .description('Investigate security alerts with an agent built on kioku.')
  .showHelpAfterError();
program.addCommand(logsCommand());

await program.parseAsync();
