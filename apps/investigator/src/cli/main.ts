#!/usr/bin/env node
import { Command } from 'commander';
import { approvalsCommand } from './approvals-command.js';
import { auditCommand } from './audit-command.js';
import { caseCommand } from './case-command.js';
import { chatCommand } from './chat-command.js';
import { consoleCommand } from './console-command.js';
import { evalCommand } from './eval-command.js';
import { intelCommand } from './intel-command.js';
import { listCommand } from './list-command.js';
import { logsCommand } from './logs-command.js';
import { mergeCommand } from './merge-command.js';
import { newCommand } from './new-command.js';
import { reembedCommand } from './reembed-command.js';
import { resolveCommand } from './resolve-command.js';
import { searchCommand } from './search-command.js';
import { serveCommand } from './serve-command.js';
import { showCommand } from './show-command.js';
import { similarCommand } from './similar-command.js';
import { unmergeCommand } from './unmerge-command.js';
import { usersCommand } from './users-command.js';

const program = new Command('investigator')
  .description('Investigate security alerts with an agent built on kioku.')
  .showHelpAfterError();
program.addCommand(logsCommand());
program.addCommand(chatCommand());
program.addCommand(evalCommand());

program.addCommand(newCommand());
program.addCommand(listCommand());
program.addCommand(showCommand());
program.addCommand(resolveCommand());
program.addCommand(mergeCommand());
program.addCommand(unmergeCommand());
program.addCommand(similarCommand());
program.addCommand(reembedCommand());
program.addCommand(searchCommand());
program.addCommand(intelCommand());
program.addCommand(serveCommand());
program.addCommand(consoleCommand());
program.addCommand(usersCommand());
program.addCommand(caseCommand());
program.addCommand(approvalsCommand());
program.addCommand(auditCommand());

await program.parseAsync();
