import { Hono } from 'hono';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  type AlertConclusion,
  type AlertIoc,
  type AlertSeverity,
  type AlertSort,
  alertConclusions,
  alertSeverities,
  alertSorts,
  alertStatuses,
  createAlertStore,
  maxAlertPage,
} from '../../alerts/index.js';
import type { ThreatIntel } from '../../intel/index.js';
import type { Notifier } from '../../notify/index.js';
import type { ConsoleEnv } from './console-env.js';

const statuses = alertStatuses;
/** IOCs shown per page of the alert page's table, each looked up in threat intelligence. */
const iocPage = 50;

/**
 * The console's alert routes: `GET /alerts` (a page of alerts and their `total`; filters `status`,
 * `severity` (comma-separated), `since` and `until` (ISO times), `text` (full-text), `host`, `user`,
 * `source`, `schema`, `assignee` (`-` for unassigned), `tag`; `sort` (received, last_seen, event_time, severity), `order`, `limit` (≤ 500),
 * `after` (the `next` of the page before: a page deep in the list costs what the first does) or `offset`;
 * `total` is counted up to 10,000 matches and estimated beyond (`totalExact: false`; `total=exact` counts
 * all)), `GET /alerts/:id` (the alert, the first page of its IOCs with threat-intel verdicts, similar
 * and merged alerts), `GET /alerts/:id/iocs` (a page of IOCs: `offset`, `limit` ≤ 50) and
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
  const withVerdicts = (iocs: readonly AlertIoc[]) =>
    Promise.all(
      iocs.map(async (ioc) => {
        try {
          const found = await intel.lookup(ioc.value);
          return { ...ioc, verdict: found.verdict, sources: found.feeds.map((hit) => hit.feed) };
        } catch {
          return { ...ioc, verdict: 'unknown' as const, sources: [] };
        }
      }),
    );

  app.get('/alerts', async (c) => {
    const query = c.req.query();
    const { status, severity, text, host, user, source, schema, sort, order, assignee, tag } = query;
    const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
    if (given(status) !== undefined && !(statuses as readonly string[]).includes(status as string)) {
      return c.json(
        bad(`status: expected one of ${statuses.join(', ')}, found ${JSON.stringify(status)}`),
        400,
      );
    }
    const severityList = given(severity)?.split(',') ?? [];
    const unknownSeverity = severityList.find((one) => !(alertSeverities as readonly string[]).includes(one));
    if (unknownSeverity !== undefined) {
      return c.json(
        bad(
          `severity: expected one of ${alertSeverities.join(', ')}, found ${JSON.stringify(unknownSeverity)}`,
        ),
        400,
      );
    }
    if (given(sort) !== undefined && !(alertSorts as readonly string[]).includes(sort as string)) {
      return c.json(
        bad(`sort: expected one of ${alertSorts.join(', ')}, found ${JSON.stringify(sort)}`),
        400,
      );
    }
    if (given(order) !== undefined && order !== 'asc' && order !== 'desc') {
      return c.json(bad(`order: expected asc or desc, found ${JSON.stringify(order)}`), 400);
    }
    const times: Record<'since' | 'until', Date | undefined> = { since: undefined, until: undefined };
    for (const name of ['since', 'until'] as const) {
      const value = given(query[name]);
      if (value === undefined) continue;
      const time = new Date(value);
      if (Number.isNaN(time.getTime())) {
        return c.json(bad(`${name}: expected an ISO 8601 time, found ${JSON.stringify(value)}`), 400);
      }
      times[name] = time;
    }
    const limit = wholeNumber(query.limit, 50);
    if (limit === undefined || limit < 1 || limit > maxAlertPage) {
      return c.json(
        bad(`limit: expected a whole number from 1 to ${maxAlertPage}, found ${JSON.stringify(query.limit)}`),
        400,
      );
    }
    const offset = wholeNumber(query.offset, 0);
    if (offset === undefined) {
      return c.json(
        bad(`offset: expected a whole number from 0, found ${JSON.stringify(query.offset)}`),
        400,
      );
    }
    const after = given(query.after);
    if (after !== undefined && offset > 0) {
      return c.json(
        bad('offset: expected no offset with after (the cursor says where the page starts)'),
        400,
      );
    }
    if (given(query.total) !== undefined && query.total !== 'exact') {
      return c.json(bad(`total: expected exact, found ${JSON.stringify(query.total)}`), 400);
    }
    const page = await alerts.list({
      ...(given(status) === undefined ? {} : { status: status as (typeof statuses)[number] }),
      ...(given(assignee) === undefined ? {} : { assignee: assignee === '-' ? '' : assignee }),
      ...(given(tag) === undefined ? {} : { tag: tag?.toLowerCase() }),
      ...(severityList.length === 0 ? {} : { severity: severityList as AlertSeverity[] }),
      ...times,
      text: given(text),
      host: given(host),
      user: given(user),
      source: given(source),
      schema: given(schema),
      ...(given(sort) === undefined ? {} : { sort: sort as AlertSort }),
      ...(given(order) === undefined ? {} : { order: order as 'asc' | 'desc' }),
      limit,
      offset,
      after,
      exactTotal: query.total === 'exact',
    });
    return c.json({
      alerts: page.alerts,
      total: page.total,
      totalExact: page.totalExact,
      ...(page.next === undefined ? {} : { next: page.next }),
      offset,
      limit,
    });
  });

  app.get('/alerts/:id', async (c) => {
    const alert = await alerts.get(c.req.param('id'));
    const [similar, merged, iocs] = await Promise.all([
      alerts.similar(alert.id, 5),
      alerts.mergedInto(alert.id),
      withVerdicts(alert.iocs.slice(0, iocPage)),
    ]);
    return c.json({
      alert: { ...alert, iocs, iocsTotal: alert.iocs.length },
      similar,
      merged,
    });
  });

  app.get('/alerts/:id/iocs', async (c) => {
    const alert = await alerts.get(c.req.param('id'));
    const offset = wholeNumber(c.req.query('offset'), 0);
    const limit = wholeNumber(c.req.query('limit'), iocPage);
    if (offset === undefined || limit === undefined || limit < 1 || limit > iocPage) {
      return c.json(bad(`offset: a whole number from 0; limit: a whole number from 1 to ${iocPage}`), 400);
    }
    return c.json({
      iocs: await withVerdicts(alert.iocs.slice(offset, offset + limit)),
      total: alert.iocs.length,
      omitted: alert.iocsOmitted,
      offset,
      limit,
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

/** A query parameter as a whole number (`fallback` when absent), `undefined` when it is not one. */
function wholeNumber(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}
