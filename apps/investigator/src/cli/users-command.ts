import { Command, Option } from 'commander';
import { createAuditLog } from '../audit/index.js';
import { actingUser, createLoginSessions, createUserStore, roles, type User } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { readSecret } from './read-secret.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface UsersOptions extends StoreOption, ActorOption {
  role?: (typeof roles)[number];
  passwordStdin?: boolean;
  disable?: boolean;
  enable?: boolean;
  json?: boolean;
}

const render = (user: User) =>
  `${user.name.padEnd(24)} ${user.role.padEnd(8)} ${user.disabled ? 'disabled' : 'active  '} ${
    user.hasPassword ? 'password' : 'no password'
  }${user.oidcSubject === undefined ? '' : ' · single sign-on linked'}`;

/** `investigator users`: the console's and the CLI's users and their roles (an admin's work). */
export function usersCommand(): Command {
  const command = (name: string) => withActorOption(withStoreOption(new Command(name)));
  return new Command('users')
    .description(
      'Users of the console and the CLI, with their roles: viewer (reads), analyst (works cases, approves tools), admin (also users, sessions, the audit log). ' +
        'A store without users is single-user; the first user must be an admin. Every change is in the audit log.',
    )
    .addCommand(
      command('add')
        .description('Add a user (the password, if any, from standard input; at least 12 characters).')
        .argument(
          '<name>',
          '1–64 letters, digits, ".", "_", "@" or "-" (for single sign-on, the name the provider gives)',
        )
        .addOption(new Option('--role <role>', 'what they may do').choices(roles).makeOptionMandatory())
        .option(
          '--password-stdin',
          'read a password from standard input (else the user signs in only through single sign-on)',
        )
        .option('--json', 'print the user as JSON')
        .action((name: string, options: UsersOptions) =>
          runCommand(async () => {
            const password = options.passwordStdin === true ? await readSecret() : undefined;
            const user = await withStore(options, async (store) => {
              const by = await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: 'adding a user',
              });
              return createUserStore(store).add({ name, role: options.role ?? 'viewer', password, by });
            });
            console.log(options.json === true ? JSON.stringify(user, null, 2) : render(user));
          }),
        ),
    )
    .addCommand(
      withStoreOption(new Command('list'))
        .description('List the users.')
        .option('--json', 'print them as JSON')
        .action((options: UsersOptions) =>
          runCommand(async () => {
            const users = await withStore(options, (store) => createUserStore(store).list());
            console.log(
              options.json === true
                ? JSON.stringify(users, null, 2)
                : users.map(render).join('\n') || 'no users',
            );
          }),
        ),
    )
    .addCommand(
      command('set')
        .description(
          "Change a user's role, disable or enable them, or set their password (from standard input).",
        )
        .argument('<name>', 'the user')
        .addOption(new Option('--role <role>', 'the new role').choices(roles))
        .addOption(new Option('--disable', 'disable the user and end their sessions').conflicts('enable'))
        .option('--enable', 'enable a disabled user')
        .option('--password-stdin', 'read a new password from standard input')
        .option('--json', 'print the user as JSON')
        .action((name: string, options: UsersOptions) =>
          runCommand(async () => {
            const password = options.passwordStdin === true ? await readSecret() : undefined;
            const user = await withStore(options, async (store) => {
              const by = await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: 'changing a user',
              });
              const users = createUserStore(store);
              let changed = await users.get(name);
              if (options.role !== undefined) changed = await users.setRole({ name, role: options.role, by });
              if (options.disable === true || options.enable === true) {
                changed = await users.setDisabled({ name, disabled: options.disable === true, by });
              }
              if (password !== undefined) changed = await users.setPassword({ name, password, by });
              return changed;
            });
            if (user === undefined) throw new Error(`no user ${name}`);
            console.log(options.json === true ? JSON.stringify(user, null, 2) : render(user));
          }),
        ),
    )
    .addCommand(
      command('revoke-sessions')
        .description('End every console session of a user now (in a running serve on PostgreSQL too).')
        .argument('<name>', 'the user')
        .action((name: string, options: UsersOptions) =>
          runCommand(async () => {
            const revoked = await withStore(options, async (store) => {
              const by = await actingUser({
                store,
                name: actorName(options),
                need: 'admin',
                action: 'revoking sessions',
              });
              const count = await createLoginSessions({ store }).revokeUser(name);
              await createAuditLog(store).record(store.db, {
                actor: by,
                action: 'session.revoke',
                target: `user:${name}`,
                after: { sessions: count },
              });
              return count;
            });
            console.log(`revoked ${revoked} session(s) of ${name}`);
          }),
        ),
    );
}
