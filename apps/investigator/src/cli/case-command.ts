import { Command, Option } from 'commander';
import { type Alert, alertConclusions } from '../alerts/index.js';
import { createAuditLog } from '../audit/index.js';
import { actingUser } from '../auth/index.js';
import { createCaseStore, settableStatuses } from '../cases/index.js';
import { type Notification, notifierFromEnvironment } from '../notify/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { renderAlert } from './render-alert.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface CaseOptions extends StoreOption, ActorOption {
  reason?: string;
  conclusion?: (typeof alertConclusions)[number];
  json?: boolean;
}

type CaseWork = (
  cases: ReturnType<typeof createCaseStore>,
  by: { name: string; via: string },
) => Promise<unknown>;

/** `investigator case`: work an alert's case (assignee, tags, status, verdict, comments), as an analyst. */
export function caseCommand(): Command {
  const change = (name: string, description: string) =>
    withActorOption(withStoreOption(new Command(name)))
      .description(description)
      .argument('<id>', 'the alert id')
      .option('--json', 'print the result as JSON');
  const run = (
    options: CaseOptions,
    action: string,
    work: CaseWork,
    announce?: (alert: Alert, by: string) => Notification,
  ) =>
    runCommand(async () => {
      // Made before anything changes: a misconfigured notifier refuses the command, not the announcement.
      const notifier = announce === undefined ? undefined : notifierFromEnvironment();
      let actor = '';
      const result = await withStore(options, async (store) => {
        const by = await actingUser({ store, name: actorName(options), need: 'analyst', action });
        actor = by.name;
        return work(createCaseStore(store), by);
      });
      const shown = result as Parameters<typeof renderAlert>[0];
      console.log(
        options.json === true
          ? JSON.stringify(result, null, 2)
          : 'title' in shown
            ? renderAlert(shown)
            : JSON.stringify(result),
      );
      if (notifier !== undefined && announce !== undefined) {
        notifier.notify(announce(result as Alert, actor));
        await notifier.flush();
      }
    });
  return new Command('case')
    .description(
      "Work an alert's case: assignee, tags, status, verdict and comments. Every change is in the audit log.",
    )
    .addCommand(
      change(
        'assign',
        'Assign the case to an analyst (a user with the analyst or admin role); - unassigns it.',
      )
        .argument('<user>', 'the assignee, or -')
        .action((id: string, user: string, options: CaseOptions) =>
          run(
            options,
            'assigning a case',
            (cases, by) => cases.assign({ id, assignee: user === '-' ? null : user, by }),
            (alert: Alert, by) => ({
              type: 'alert.assigned',
              alert: { id: alert.id, title: alert.title, severity: alert.severity },
              assignee: alert.assignee ?? null,
              by,
            }),
          ),
        ),
    )
    .addCommand(
      change('tag', "Replace the case's tags.")
        .argument('[tags...]', 'the tags (none clears them)')
        .action((id: string, tags: string[], options: CaseOptions) =>
          run(options, 'tagging a case', (cases, by) => cases.setTags({ id, tags, by })),
        ),
    )
    .addCommand(
      change('status', 'Set the status: open, in_progress or archived (resolve with `investigator resolve`).')
        .addArgument(new Command().createArgument('<status>', 'the new status').choices(settableStatuses))
        .action((id: string, status: (typeof settableStatuses)[number], options: CaseOptions) =>
          run(options, 'changing a case status', (cases, by) => cases.setStatus({ id, status, by })),
        ),
    )
    .addCommand(
      change('reopen', 'Reopen a resolved or archived case; its verdict is cleared (the audit log keeps it).')
        .requiredOption('--reason <text>', 'why')
        .action((id: string, options: CaseOptions) =>
          run(options, 'reopening a case', (cases, by) =>
            cases.reopen({ id, reason: options.reason ?? '', by }),
          ),
        ),
    )
    .addCommand(
      change('verdict', "Change a resolved case's verdict.")
        .addOption(
          new Option('--conclusion <conclusion>', 'the new verdict')
            .choices(alertConclusions)
            .makeOptionMandatory(),
        )
        .requiredOption('--reason <text>', 'why')
        .action((id: string, options: CaseOptions) =>
          run(options, 'changing a verdict', (cases, by) =>
            cases.changeVerdict({
              id,
              conclusion: options.conclusion ?? 'true_positive',
              reason: options.reason ?? '',
              by,
            }),
          ),
        ),
    )
    .addCommand(
      change('comment', 'Comment on the case (Markdown).')
        .argument('<text>', 'the comment')
        .action((id: string, text: string, options: CaseOptions) =>
          run(options, 'commenting on a case', (cases, by) => cases.comment({ id, body: text, by })),
        ),
    )
    .addCommand(
      withStoreOption(new Command('show'))
        .description("The case's comments and its audit trail.")
        .argument('<id>', 'the alert id')
        .option('--json', 'print them as JSON')
        .action((id: string, options: CaseOptions) =>
          runCommand(async () => {
            const { comments, trail } = await withStore(options, async (store) => ({
              comments: await createCaseStore(store).comments(id),
              trail: await createAuditLog(store).list({ target: `alert:${id}` }),
            }));
            if (options.json === true) console.log(JSON.stringify({ comments, trail }, null, 2));
            else {
              console.log(
                comments.length === 0
                  ? 'no comments'
                  : comments.map((c) => `${c.createdAt.toISOString()}  ${c.author}: ${c.body}`).join('\n'),
              );
              console.log('');
              for (const entry of trail)
                console.log(
                  `${entry.at.toISOString()}  ${entry.actor.name}  ${entry.action}  ${JSON.stringify(entry.after ?? null)}`,
                );
            }
          }),
        ),
    );
}
