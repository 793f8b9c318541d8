import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command } from 'commander';
import { createAuditLog } from '../audit/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface AuditOptions extends StoreOption, ActorOption {
  target?: string;
  actor?: string;
  out?: string;
  json?: boolean;
}

/** `investigator audit`: the append-only audit log (an admin's reading). */
export function auditCommand(): Command {
  const command = (name: string) => withActorOption(withStoreOption(new Command(name)));
  return new Command('audit')
    .description(
      'The audit log: every state change (who, how signed in, when, what, before and after). Nothing edits it.',
    )
    .addCommand(
      command('list')
        .description('Print entries, oldest first.')
        .option('--target <target>', 'only about this target (alert:<id>, user:<name>, approval:<id>)')
        .option('--actor <user>', 'only by this user')
        .option('--json', 'print them as JSON')
        .action((options: AuditOptions) =>
          runCommand(async () => {
            const entries = await withStore(options, async (store) => {
              await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: 'reading the audit log',
              });
              return createAuditLog(store).list({
                target: options.target,
                actor: options.actor,
                limit: 10_000,
              });
            });
            if (options.json === true) console.log(JSON.stringify(entries, null, 2));
            else
              for (const entry of entries) {
                console.log(
                  `${entry.id}  ${entry.at.toISOString()}  ${entry.actor.name} (${entry.actor.via})  ${entry.action}  ${entry.target ?? ''}`,
                );
              }
          }),
        ),
    )
    .addCommand(
      command('export')
        .description('Write the whole log as JSON Lines (one entry per line), to standard output or --out.')
        .option('--out <file>', 'the file to write (default: standard output)')
        .action((options: AuditOptions) =>
          runCommand(async () => {
            await withStore(options, async (store) => {
              await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: 'exporting the audit log',
              });
              const lines = Readable.from(
                (async function* () {
                  for await (const line of createAuditLog(store).exportLines()) yield `${line}\n`;
                })(),
              );
              // An existing file is never overwritten ('wx'): an export does not replace an earlier one.
              if (options.out === undefined) await pipeline(lines, process.stdout, { end: false });
              else await pipeline(lines, createWriteStream(options.out, { flags: 'wx' }));
            });
          }),
        ),
    );
}
