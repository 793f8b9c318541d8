import { Command } from 'commander';
import { createAuditLog } from '../audit/index.js';
import { actingUser, resetAdminToken } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

/** `investigator console reset-token`: the web console's administration. */
export function consoleCommand(): Command {
  return new Command('console')
    .description("The web console's administration (the console itself is served by `investigator serve`).")
    .addCommand(
      withActorOption(withStoreOption(new Command('reset-token')))
        .description(
          "Replace the web console's admin token: prints a new token on standard output this once and stores " +
            'only its scrypt hash in place of the old one. Every session signed in with the old token ends ' +
            'at its next request, in a running `investigator serve` too (PostgreSQL; a directory store serves ' +
            'one process at a time: stop serve first).',
        )
        .addHelpText('after', '\nExample:\n  investigator console reset-token --store ./.investigator')
        .action((options: StoreOption & ActorOption) =>
          runCommand(async () => {
            const token = await withStore(options, async (store) => {
              const by = await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: "replacing the console's admin token",
              });
              const fresh = await resetAdminToken(store);
              await createAuditLog(store).record(store.db, {
                actor: by,
                action: 'settings.admin-token',
                target: 'settings:admin-token',
              });
              return fresh;
            });
            console.error(
              "investigator console: the web console's new admin token (shown this once; only its hash is stored; sessions signed in with the old one have ended):",
            );
            process.stdout.write(`${token}\n`);
          }),
        ),
    );
}
