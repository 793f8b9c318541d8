import type { Command } from 'commander';

/** A command as `kioku --help` lists it, and how to load it (with everything it imports) to run it. */
export interface CommandEntry {
  /** What follows its name in the list, e.g. `[options] <paths...>` (a test checks it against the command). */
  usage: string;
  summary: string;
  load: () => Promise<Command>;
}

/** kioku's commands by name. Only the command that runs is imported: `kioku --help` loads none of them. */
export const commands: Record<string, CommandEntry> = {
  tokens: {
    usage: '[options] <paths...>',
    summary: 'Count recorded prompts and compare them with the prompt tokens the provider billed.',
    load: async () => (await import('./tokens-command.js')).tokensCommand(),
  },
  analyze: {
    usage: '[options] [paths...]',
    summary:
      'Replay recorded agent runs through context strategies and compare them with the unmanaged history.',
    load: async () => (await import('./analyze-command.js')).analyzeCommand(),
  },
  compact: {
    usage: '[options] <transcript>',
    summary: 'Compact a recorded conversation now (summarize, mask or truncate) and report what it saved.',
    load: async () => (await import('./compact-command.js')).compactCommand(),
  },
  sessions: {
    usage: '[options] [command]',
    summary: 'List, show and export the conversations kioku stored.',
    load: async () => (await import('./sessions-command.js')).sessionsCommand(),
  },
  memory: {
    usage: '[options] [command]',
    summary: "Inspect and curate an agent's long-term memory.",
    load: async () => (await import('./memory-command.js')).memoryCommand(),
  },
  tools: {
    usage: '[options] <paths...>',
    summary:
      'Learn which tool an agent calls next from half of the recorded runs and measure it on the other half.',
    load: async () => (await import('./tools-command.js')).toolsCommand(),
  },
};

/** The command the arguments run (`kioku tokens …`, `kioku help tokens`), if it is one of `commands`. */
export function requestedCommand(args: readonly string[]): string | undefined {
  const operands = args.filter((arg) => !arg.startsWith('-'));
  const name = operands[0] === 'help' ? operands[1] : operands[0];
  return name !== undefined && Object.hasOwn(commands, name) ? name : undefined;
}
