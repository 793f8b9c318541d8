#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { analyzeCommand } from './analyze-command.js';
import { compactCommand } from './compact-command.js';
import { describeCliError } from './describe-cli-error.js';
import { exitQuietlyOnClosedPipe } from './exit-quietly-on-closed-pipe.js';
import { memoryCommand } from './memory-command.js';
import { sessionsCommand } from './sessions-command.js';
import { tokensCommand } from './tokens-command.js';
import { toolsCommand } from './tools-command.js';
import { version } from './version.js';

const program = new Command('kioku')
  .description('Keep long-running LLM agents inside their context window and budget.')
  .version(version)
  .showHelpAfterError()
  .exitOverride()
  .addCommand(tokensCommand())
  .addCommand(analyzeCommand())
  .addCommand(compactCommand())
  .addCommand(sessionsCommand())
  .addCommand(memoryCommand())
  .addCommand(toolsCommand());
// Subcommands added with addCommand do not inherit exitOverride: bad arguments must exit with 2, not 1.
for (const command of program.commands) command.exitOverride().showHelpAfterError();

exitQuietlyOnClosedPipe();
try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    const described = await describeCliError(error);
    if (described === undefined) throw error;
    console.error(described);
    process.exitCode = 1;
  }
}
