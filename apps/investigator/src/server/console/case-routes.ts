import { Hono } from 'hono';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type AlertConclusion, alertConclusions } from '../../alerts/index.js';
import { createAuditLog } from '../../audit/index.js';
import { createUserStore, roleAllows } from '../../auth/index.js';
import { createCaseStore, settableStatuses } from '../../cases/index.js';
import type { Notifier } from '../../notify/index.js';
import type { ConsoleEnv } from './console-env.js';

/**
 * The console's case routes: `GET /alerts/:id/case` (comments and the case's audit trail), `POST
 * /alerts/:id/assign` (`{ assignee: name | null }`), `POST /alerts/:id/tags` (`{ tags }`), `POST
 * /alerts/:id/status` (`{ status: open | in_progress | archived }`), `POST /alerts/:id/reopen`
 * (`{ reason }`), `POST /alerts/:id/verdict` (`{ conclusion, reason }`), `POST /alerts/:id/comments`
 * (`{ body }`, Markdown), and `GET /assignees` (the users a case can be assigned to).
 */
export function caseRoutes({
  store,
  notifier,
}: {
  store: DrizzleStore;
  notifier?: Notifier | undefined;
}): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const cases = createCaseStore(store);
  const audit = createAuditLog(store);
  const users = createUserStore(store);
  const bad = (message: string) => ({ error: { code: 'invalid_request', message } });
  const by = (user: { name: string; via: string }) => ({ name: user.name, via: user.via });
  const body = async (c: { req: { json: () => Promise<unknown> } }) =>
    ((await c.req.json().catch(() => undefined)) ?? {}) as Record<string, unknown>;

  app.get('/assignees', async (c) =>
    c.json({
      assignees: (await users.list())
        .filter((user) => !user.disabled && roleAllows(user.role, 'analyst'))
        .map((user) => user.name),
    }),
  );
  app.get('/alerts/:id/case', async (c) => {
    const id = c.req.param('id');
    const [comments, trail] = await Promise.all([cases.comments(id), audit.list({ target: `alert:${id}` })]);
    return c.json({ comments, trail });
  });
  app.post('/alerts/:id/assign', async (c) => {
    const { assignee } = await body(c);
    if (assignee !== null && typeof assignee !== 'string')
      return c.json(bad('assignee: expected a user name or null'), 400);
    const alert = await cases.assign({
      id: c.req.param('id'),
      assignee: assignee === '' ? null : assignee,
      by: by(c.get('user')),
    });
    notifier?.notify({
      type: 'alert.assigned',
      alert: { id: alert.id, title: alert.title, severity: alert.severity },
      assignee: alert.assignee ?? null,
      by: c.get('user').name,
    });
    return c.json({ alert: withoutRaw(alert) });
  });
  app.post('/alerts/:id/tags', async (c) => {
    const { tags } = await body(c);
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
      return c.json(bad('tags: expected an array of texts'), 400);
    }
    return c.json({
      alert: withoutRaw(await cases.setTags({ id: c.req.param('id'), tags, by: by(c.get('user')) })),
    });
  });
  app.post('/alerts/:id/status', async (c) => {
    const { status } = await body(c);
    if (typeof status !== 'string' || !(settableStatuses as readonly string[]).includes(status)) {
      return c.json(
        bad(`status: expected one of ${settableStatuses.join(', ')} (resolve with a verdict)`),
        400,
      );
    }
    const alert = await cases.setStatus({
      id: c.req.param('id'),
      status: status as (typeof settableStatuses)[number],
      by: by(c.get('user')),
    });
    return c.json({ alert: withoutRaw(alert) });
  });
  app.post('/alerts/:id/reopen', async (c) => {
    const { reason } = await body(c);
    if (typeof reason !== 'string') return c.json(bad('reason: expected a text'), 400);
    return c.json({
      alert: withoutRaw(await cases.reopen({ id: c.req.param('id'), reason, by: by(c.get('user')) })),
    });
  });
  app.post('/alerts/:id/verdict', async (c) => {
    const { conclusion, reason } = await body(c);
    if (typeof conclusion !== 'string' || !(alertConclusions as readonly string[]).includes(conclusion)) {
      return c.json(bad(`conclusion: expected one of ${alertConclusions.join(', ')}`), 400);
    }
    if (typeof reason !== 'string') return c.json(bad('reason: expected a text'), 400);
    const alert = await cases.changeVerdict({
      id: c.req.param('id'),
      conclusion: conclusion as AlertConclusion,
      reason,
      by: by(c.get('user')),
    });
    return c.json({ alert: withoutRaw(alert) });
  });
  app.post('/alerts/:id/comments', async (c) => {
    const { body: text } = await body(c);
    if (typeof text !== 'string') return c.json(bad('body: expected Markdown text'), 400);
    return c.json(
      { comment: await cases.comment({ id: c.req.param('id'), body: text, by: by(c.get('user')) }) },
      201,
    );
  });
  return app;
}

function withoutRaw<T extends { raw: string }>({ raw: _raw, ...rest }: T): Omit<T, 'raw'> {
  return rest;
}
