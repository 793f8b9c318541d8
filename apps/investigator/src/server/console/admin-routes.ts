import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { createAuditLog } from '../../audit/index.js';
import { type ConsoleAuth, parseRole, roles } from '../../auth/index.js';
import type { ConsoleEnv } from './console-env.js';

/**
 * The admin's routes (the guard lets only admins in): `GET /users`, `POST /users` (`{ name, role,
 * password? }`), `POST /users/:name` (`{ role? , disabled?, password? }`), `GET /sessions`,
 * `DELETE /sessions/:handle` (revoke one), `POST /users/:name/revoke-sessions`, `GET /audit` (filters
 * `target`, `actor`, `after`), `GET /audit.jsonl` (the whole log as JSON Lines). Every change is audited.
 */
export function adminRoutes({ store, auth }: { store: DrizzleStore; auth: ConsoleAuth }): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const audit = createAuditLog(store);
  const bad = (message: string) => ({ error: { code: 'invalid_request', message } });
  const actor = (user: { name: string; via: string }) => ({ name: user.name, via: user.via });

  app.get('/users', async (c) => c.json({ users: await auth.users.list() }));
  app.post('/users', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const role = parseRole(body?.role);
    if (typeof body?.name !== 'string') return c.json(bad('name: expected a user name'), 400);
    if (role === undefined) return c.json(bad(`role: expected one of ${roles.join(', ')}`), 400);
    if (body.password !== undefined && typeof body.password !== 'string') {
      return c.json(bad('password: expected a text'), 400);
    }
    const user = await auth.users.add({
      name: body.name,
      role,
      password: body.password as string | undefined,
      by: actor(c.get('user')),
    });
    return c.json({ user }, 201);
  });
  app.post('/users/:name', async (c) => {
    const name = c.req.param('name');
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const by = actor(c.get('user'));
    if (body === undefined) return c.json(bad('expected { role?, disabled?, password? }'), 400);
    let user = await auth.users.get(name);
    if (user === undefined) return c.json({ error: { code: 'not_found', message: `no user ${name}` } }, 404);
    if (body.role !== undefined) {
      const role = parseRole(body.role);
      if (role === undefined) return c.json(bad(`role: expected one of ${roles.join(', ')}`), 400);
      user = await auth.users.setRole({ name, role, by });
    }
    if (body.disabled !== undefined) {
      if (typeof body.disabled !== 'boolean') return c.json(bad('disabled: expected true or false'), 400);
      user = await auth.users.setDisabled({ name, disabled: body.disabled, by });
      if (body.disabled) await auth.sessions.revokeUser(name);
    }
    if (body.password !== undefined) {
      if (typeof body.password !== 'string') return c.json(bad('password: expected a text'), 400);
      user = await auth.users.setPassword({ name, password: body.password, by });
    }
    return c.json({ user });
  });
  app.post('/users/:name/revoke-sessions', async (c) => {
    const name = c.req.param('name');
    const revoked = await auth.sessions.revokeUser(name);
    await audit.record(store.db, {
      actor: actor(c.get('user')),
      action: 'session.revoke',
      target: `user:${name}`,
      after: { sessions: revoked },
    });
    return c.json({ revoked });
  });

  app.get('/sessions', async (c) => c.json({ sessions: await auth.sessions.list() }));
  app.delete('/sessions/:handle', async (c) => {
    const handle = c.req.param('handle');
    const live = (await auth.sessions.list()).find((session) => session.handle === handle);
    if (live === undefined || !(await auth.sessions.revoke({ handle }))) {
      return c.json({ error: { code: 'not_found', message: `no live session ${handle}` } }, 404);
    }
    await audit.record(store.db, {
      actor: actor(c.get('user')),
      action: 'session.revoke',
      target: `user:${live.userName}`,
      before: { session: handle, via: live.via },
    });
    return c.json({ revoked: handle });
  });

  app.get('/audit', async (c) => {
    const { target, actor: by, after } = c.req.query();
    const afterId = after === undefined || after === '' ? undefined : Number(after);
    if (afterId !== undefined && !Number.isInteger(afterId)) {
      return c.json(bad(`after: expected an entry id, found ${JSON.stringify(after)}`), 400);
    }
    return c.json({
      entries: await audit.list({
        ...(target === undefined || target === '' ? {} : { target }),
        ...(by === undefined || by === '' ? {} : { actor: by }),
        ...(afterId === undefined ? {} : { afterId }),
      }),
    });
  });
  app.get('/audit.jsonl', (c) => {
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="investigator-audit.jsonl"');
    return stream(c, async (out) => {
      for await (const line of audit.exportLines()) await out.write(`${line}\n`);
    });
  });
  return app;
}
