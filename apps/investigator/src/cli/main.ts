#!/usr/bin/env node
import { Command } from 'commander';

const program = new Command('investigator')
  .description('Investigate security alerts with an agent built on kioku.')
  .showHelpAfterError();

await program.parseAsync();
