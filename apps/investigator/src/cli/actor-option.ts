import type { Command } from 'commander';

/** The `--as` option of every command that changes state. */
export interface ActorOption {
  as?: string;
}

/** Adds `--as <user>` to `command`: who acts, checked against the store's users and their roles. */
export function withActorOption(command: Command): Command {
  return command.option(
    '--as <user>',
    'who does this: a user of the store with the role it needs (default: $INVESTIGATOR_USER; a store without users acts as you)',
  );
}

/** The acting user's name from `--as`, else `INVESTIGATOR_USER`. */
export function actorName(options: ActorOption): string | undefined {
  return options.as ?? process.env.INVESTIGATOR_USER;
}
