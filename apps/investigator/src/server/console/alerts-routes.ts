import { Hono } from 'hono';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  type AlertConclusion,
  alertConclusions,
  alertSeverities,
  alertStatuses,
  createAlertStore,
} from '../../alerts/index.js';
import type { ThreatIntel } from '../../intel/index.js';
import type { Notifier } from '../../notify/index.js';
import type { ConsoleEnv } from './console-env.js';

const statuses = alertStatuses;

/**
 * The console's alert routes: `GET /alerts` (filters `status`, `severity`, `since` (ISO time), `text`,
 * `assignee` (`-` for unassigned), `tag`),
 * `GET /alerts/:id` (the alert, its IOCs with threat-intel verdicts, similar and merged alerts) and
 * `POST /alerts/resolve` (`{ ids, conclusion, reason }`: the signed-in analyst resolves them).
 */
export function alertsRoutes({
  store,
  intel,
  notifier,
}: {
  store: DrizzleStore;
  intel: ThreatIntel;
  notifier?: Notifier | undefined;
}): Hono<ConsoleEnv> {
  const alerts = createAlertStore(store);
  const app = new Hono<ConsoleEnv>();
  const bad = (message: string) => ({ error: { code: 'invalid_request', message } });

  app.get('/alerts', async (c) => {
    const { status, severity, since, text, assignee, tag } = c.req.query();
    if (status !== undefined && status !== '' && !(statuses as readonly string[]).includes(status)) {
      return c.json(
        bad(`status: expected one of ${statuses.join(', ')}, found ${JSON.stringify(status)}`),
        400,
      );
    }
    if (
      severity !== undefined &&
      severity !== '' &&
      !(alertSeverities as readonly string[]).includes(severity)
    ) {
      return c.json(
        bad(`severity: expected one of ${alertSeverities.join(', ')}, found ${JSON.stringify(severity)}`),
        400,
      );
    }
    const from = since === undefined || since === '' ? undefined : new Date(since);
    if (from !== undefined && Number.isNaN(from.getTime())) {
      return c.json(bad(`since: expected an ISO 8601 time, found ${JSON.stringify(since)}`), 400);
    }
    const list = await alerts.list({
      ...(status === undefined || status === '' ? {} : { status: status as (typeof statuses)[number] }),
      ...(assignee === undefined || assignee === '' ? {} : { assignee: assignee === '-' ? '' : assignee }),
      ...(tag === undefined || tag === '' ? {} : { tag: tag.toLowerCase() }),
      ...(from === undefined ? {} : { since: from }),
      ...(text === undefined || text === '' ? {} : { text }),
      limit: 500,
    });
    return c.json({
      alerts: list
        .filter((alert) => severity === undefined || severity === '' || alert.severity === severity)
        .map(({ raw: _raw, ...alert }) => alert),
    });
  });

  app.get('/alerts/:id', async (c) => {
    const alert = await alerts.get(c.req.param('id'));
    const [similar, merged, iocs] = await Promise.all([
      alerts.similar(alert.id, 5),
      alerts.mergedInto(alert.id),
      Promise.all(
        alert.iocs.map(async (ioc) => {
          try {
            const found = await intel.lookup(ioc.value);
            return { ...ioc, verdict: found.verdict, sources: found.feeds.map((hit) => hit.feed) };
          } catch {
            return { ...ioc, verdict: 'unknown' as const, sources: [] };
          }
        }),
      ),
    ]);
    return c.json({
      alert: { ...alert, iocs },
      similar: similar.map(({ alert: { raw: _raw, ...other }, distance }) => ({ alert: other, distance })),
      merged: merged.map(({ raw: _raw, ...other }) => other),
    });
  });

  app.post('/alerts/resolve', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as
      | { ids?: unknown; conclusion?: unknown; reason?: unknown }
      | undefined;
    const ids = body?.ids;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
      return c.json(bad('ids: expected a non-empty array of alert ids'), 400);
    }
    const conclusion = body?.conclusion;
    if (typeof conclusion !== 'string' || !(alertConclusions as readonly string[]).includes(conclusion)) {
      return c.json(bad(`conclusion: expected one of ${alertConclusions.join(', ')}`), 400);
    }
    const reason = body?.reason;
    if (typeof reason !== 'string' || reason.trim() === '') {
      return c.json(bad('reason: expected a non-empty text'), 400);
    }
    const user = c.get('user');
    const by = { name: user.name, via: user.via };
    const resolved = [];
    for (const id of ids as string[]) {
      const alert = await alerts.resolve({
        id,
        conclusion: conclusion as AlertConclusion,
        reason: reason.trim(),
        by,
      });
      resolved.push(alert);
      notifier?.notify({
        type: 'alert.resolved',
        alert: { id: alert.id, title: alert.title, severity: alert.severity },
        conclusion,
        reason: reason.trim(),
        by: user.name,
      });
    }
    return c.json({ resolved: resolved.map(({ id, status, resolution }) => ({ id, status, resolution })) });
  });

  return app;
}
