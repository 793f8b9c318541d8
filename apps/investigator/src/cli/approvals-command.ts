import { Command, Option } from 'commander';
import { type Approval, type ApprovalStatus, createApprovalStore } from '../approvals/index.js';
import { actingUser } from '../auth/index.js';
import { type ActorOption, actorName, withActorOption } from './actor-option.js';
import { runCommand } from './run-command.js';
import { type StoreOption, withStore, withStoreOption } from './store-option.js';

interface ApprovalsOptions extends StoreOption, ActorOption {
  status?: ApprovalStatus;
  reason?: string;
  json?: boolean;
}

const render = (approval: Approval) =>
  `${approval.id}  ${approval.status.padEnd(8)}  alert ${approval.alertId}  ${approval.toolName} ${JSON.stringify(approval.input)}${
    approval.decidedBy === undefined
      ? ''
      : `  by ${approval.decidedBy}${approval.reason === undefined ? '' : `: ${approval.reason}`}`
  }`;

/** `investigator approvals`: the chat's write tools' calls waiting for an analyst, and their decisions. */
export function approvalsCommand(): Command {
  const decide = (name: 'approve' | 'reject') =>
    withActorOption(withStoreOption(new Command(name)))
      .description(
        name === 'approve'
          ? 'Approve a waiting call: the tool runs and the investigation goes on.'
          : 'Reject a waiting call: the tool does not run and the agent is told your reason.',
      )
      .argument('<id>', 'the approval id (see `investigator approvals list`)')
      [name === 'reject' ? 'requiredOption' : 'option'](
        '--reason <text>',
        name === 'reject' ? 'why (the agent is told)' : 'a note for the audit log',
      )
      .option('--json', 'print the approval as JSON')
      .action((id: string, options: ApprovalsOptions) =>
        runCommand(async () => {
          const approval = await withStore(options, async (store) => {
            const by = await actingUser({
              store,
              name: actorName(options),
              need: 'analyst',
              action: `${name === 'approve' ? 'approving' : 'rejecting'} a tool call`,
            });
            return createApprovalStore(store).decide({
              id,
              approved: name === 'approve',
              reason: options.reason,
              by,
            });
          });
          console.log(options.json === true ? JSON.stringify(approval, null, 2) : render(approval));
        }),
      );
  return new Command('approvals')
    .description(
      "Calls of the chat's write tools (MCP tools not known to be read-only) wait here until an analyst approves or rejects them; a decision is taken once.",
    )
    .addCommand(
      withStoreOption(new Command('list'))
        .description('List approvals, oldest first.')
        .addOption(
          new Option('--status <status>', 'only these').choices([
            'pending',
            'approved',
            'rejected',
            'expired',
          ]),
        )
        .option('--json', 'print them as JSON')
        .action((options: ApprovalsOptions) =>
          runCommand(async () => {
            const approvals = await withStore(options, (store) =>
              createApprovalStore(store).list(options.status === undefined ? {} : { status: options.status }),
            );
            console.log(
              options.json === true
                ? JSON.stringify(approvals, null, 2)
                : approvals.map(render).join('\n') || 'no approvals',
            );
          }),
        ),
    )
    .addCommand(decide('approve'))
    .addCommand(decide('reject'));
}
