import type { Command } from 'commander';

/** A command as `investigator --help` lists it, and how to load it (with everything it imports) to run it. */
export interface CommandEntry {
  /** What follows its name in the list, e.g. `[options] <id>` (a test checks it against the command). */
  usage: string;
  summary: string;
  load: () => Promise<Command>;
}

/**
 * The investigator's commands by name, in the order `--help` lists them. Only the command that runs is
 * imported: `investigator --help` loads none of them, and `list` does not load the chat agent, DuckDB or
 * the console.
 */
export const commands: Record<string, CommandEntry> = {
  logs: {
    usage: '[options] [command]',
    summary: 'The security logs the log sub-agent queries (DuckDB or BigQuery), behind SQL guardrails.',
    load: async () => (await import('./logs-command.js')).logsCommand(),
  },
  chat: {
    usage: '[options] <id>',
    summary: 'Investigate one alert with the agent; the conversation is stored and resumed.',
    load: async () => (await import('./chat-command.js')).chatCommand(),
  },
  eval: {
    usage: '[options]',
    summary: 'Evaluate the chat agent with a model on scenarios built from the security logs.',
    load: async () => (await import('./eval-command.js')).evalCommand(),
  },
  new: {
    usage: '[options] [file]',
    summary: 'Ingest one alert (a JSON object) from a file or standard input.',
    load: async () => (await import('./new-command.js')).newCommand(),
  },
  list: {
    usage: '[options]',
    summary: 'List alerts, newest first, filtered by status, severity, time, entities and text.',
    load: async () => (await import('./list-command.js')).listCommand(),
  },
  show: {
    usage: '[options] <id>',
    summary: 'Show one alert: title, description, severity, attributes, IOCs, merges and resolution.',
    load: async () => (await import('./show-command.js')).showCommand(),
  },
  resolve: {
    usage: '[options] <id>',
    summary: 'Resolve an alert (and the alerts merged into it) with your conclusion and reason.',
    load: async () => (await import('./resolve-command.js')).resolveCommand(),
  },
  merge: {
    usage: '[options] <id> <into>',
    summary: 'Merge alert <id> into alert <into> (the same incident).',
    load: async () => (await import('./merge-command.js')).mergeCommand(),
  },
  unmerge: {
    usage: '[options] <id>',
    summary: 'Take alert <id> out of the alert it was merged into.',
    load: async () => (await import('./unmerge-command.js')).unmergeCommand(),
  },
  similar: {
    usage: '[options] <id>',
    summary: 'The alerts most like <id>, nearest first, by the cosine distance of their embeddings.',
    load: async () => (await import('./similar-command.js')).similarCommand(),
  },
  reembed: {
    usage: '[options]',
    summary: 'Embed every alert of the store again with another embedder, in one transaction.',
    load: async () => (await import('./reembed-command.js')).reembedCommand(),
  },
  search: {
    usage: '[options] [text]',
    summary: 'Find alerts (merged and resolved ones included) by text anywhere in them or by attribute.',
    load: async () => (await import('./search-command.js')).searchCommand(),
  },
  intel: {
    usage: '[options] [command]',
    summary: 'Threat intelligence: load offline indicator feeds and look indicators up.',
    load: async () => (await import('./intel-command.js')).intelCommand(),
  },
  serve: {
    usage: '[options]',
    summary: 'Serve the web console and the alert webhook (loopback only unless --host says otherwise).',
    load: async () => (await import('./serve-command.js')).serveCommand(),
  },
  console: {
    usage: '[options] [command]',
    summary: "The web console's administration (the console itself is served by `investigator serve`).",
    load: async () => (await import('./console-command.js')).consoleCommand(),
  },
  users: {
    usage: '[options] [command]',
    summary: 'Users of the console and the CLI, with their roles: viewer, analyst, admin.',
    load: async () => (await import('./users-command.js')).usersCommand(),
  },
  case: {
    usage: '[options] [command]',
    summary: "Work an alert's case: assignee, tags, status, verdict and comments.",
    load: async () => (await import('./case-command.js')).caseCommand(),
  },
  approvals: {
    usage: '[options] [command]',
    summary: "Calls of the chat's write tools wait here until an analyst approves or rejects them.",
    load: async () => (await import('./approvals-command.js')).approvalsCommand(),
  },
  audit: {
    usage: '[options] [command]',
    summary: 'The audit log: every state change (who, how signed in, when, what, before and after).',
    load: async () => (await import('./audit-command.js')).auditCommand(),
  },
};

/** The command the arguments run (`investigator list …`, `investigator help list`), if it is one of `commands`. */
export function requestedCommand(args: readonly string[]): string | undefined {
  const operands = args.filter((arg) => !arg.startsWith('-'));
  const name = operands[0] === 'help' ? operands[1] : operands[0];
  return name !== undefined && Object.hasOwn(commands, name) ? name : undefined;
}
