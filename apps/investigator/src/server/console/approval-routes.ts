import { Hono } from 'hono';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type ApprovalStatus, createApprovalStore } from '../../approvals/index.js';
import type { ConsoleEnv } from './console-env.js';

const statuses: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected', 'expired'];

/**
 * The console's approval routes: `GET /approvals` (filters `status`, `alert`) and `POST /approvals/:id`
 * (`{ approved: true | false, reason }`; a rejection needs a reason, which the agent is told). A decision is
 * taken once: deciding again answers 409 and changes nothing.
 */
export function approvalRoutes({ store }: { store: DrizzleStore }): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const approvals = createApprovalStore(store);
  const bad = (message: string) => ({ error: { code: 'invalid_request', message } });
  app.get('/approvals', async (c) => {
    const { status, alert } = c.req.query();
    if (status !== undefined && status !== '' && !(statuses as readonly string[]).includes(status)) {
      return c.json(bad(`status: expected one of ${statuses.join(', ')}`), 400);
    }
    return c.json({
      approvals: await approvals.list({
        ...(status === undefined || status === '' ? {} : { status: status as ApprovalStatus }),
        ...(alert === undefined || alert === '' ? {} : { alertId: alert }),
      }),
    });
  });
  app.post('/approvals/:id', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as
      | { approved?: unknown; reason?: unknown }
      | undefined;
    if (typeof body?.approved !== 'boolean') return c.json(bad('approved: expected true or false'), 400);
    if (body.reason !== undefined && typeof body.reason !== 'string')
      return c.json(bad('reason: expected a text'), 400);
    const user = c.get('user');
    const approval = await approvals.decide({
      id: c.req.param('id'),
      approved: body.approved,
      reason: body.reason as string | undefined,
      by: { name: user.name, via: user.via },
    });
    return c.json({ approval });
  });
  return app;
}
