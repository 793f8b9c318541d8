import { sql } from 'drizzle-orm';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTargets } from '../store/__fixtures__/store-targets.js';
import { openInvestigatorStore, rowsOf } from '../store/index.js';
import { type AlertStore, createAlertStore } from './create-alert-store.js';
import { createSummaryWorker } from './create-summary-worker.js';
import { InvalidAlertError } from './invalid-alert-error.js';
import { listAlerts } from './list-alerts.js';
import { prepareAlert } from './prepare-alert.js';

const embedder = createHashingEmbedder();
const prepared = (value: Record<string, unknown>, schema = 'edr') =>
  prepareAlert({ raw: JSON.stringify(value), value, schema, embedder: embedder.id });

// Paging, filters, sort, full-text search, folding and similarity, on every store the investigator runs on.
for (const target of storeTargets()) {
  describe.skipIf(target.skip !== undefined)(
    `listing and finding alerts: ${target.name}${target.skip ? ` (skipped: ${target.skip})` : ''}`,
    () => {
      let store: DrizzleStore;
      let alerts: AlertStore;
      beforeAll(async () => {
        await target.setup();
        store = await openInvestigatorStore({ location: target.location() });
        alerts = createAlertStore(store);
        const severities = ['low', 'medium', 'high', 'critical'];
        for (let i = 0; i < 30; i += 1) {
          await alerts.receive(
            prepared({
              title: `Alert ${i}`,
              severity: severities[i % 4],
              hostname: `web-${String(i % 3).padStart(2, '0')}`,
              user: i % 2 === 0 ? 'alice' : 'bob',
              fqdn: `host-${i}.corp.example.com`,
              src: `203.0.113.${i}`,
              process: { sha256: `${i.toString(16).padStart(2, '0')}${'ab12'.repeat(15)}cd` },
              timestamp: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
            }),
          );
        }
        const worker = createSummaryWorker({ store, embedder });
        await worker.drain();
        await worker.close();
      });
      afterAll(async () => {
        await store?.close();
        await target.teardown();
      });

      it('pages with a total, filters by severity, entities and time, and sorts', async () => {
        const first = await alerts.list({ limit: 10 });
        expect(first.total).toBe(30);
        expect(first.alerts.map((alert) => alert.title)).toEqual(
          Array.from({ length: 10 }, (_, i) => `Alert ${29 - i}`),
        );
        const third = await alerts.list({ limit: 10, offset: 20 });
        expect(third.alerts.map((alert) => alert.title).at(-1)).toBe('Alert 0');
        expect(third.total).toBe(30);
        const critical = await alerts.list({ severity: 'critical', limit: 2 });
        expect(critical.total).toBe(7);
        expect(critical.alerts.map((alert) => alert.severity)).toEqual(['critical', 'critical']);
        expect((await alerts.list({ severity: ['critical', 'high'] })).total).toBe(14);
        const host = await alerts.list({ host: 'web-01', user: 'bob' });
        expect(host.total).toBe(5);
        expect(host.alerts.every((alert) => alert.host === 'web-01' && alert.user === 'bob')).toBe(true);
        const bySeverity = await alerts.list({ sort: 'severity', limit: 8 });
        expect(bySeverity.alerts.map((alert) => alert.severity)).toEqual([
          ...Array(7).fill('critical'),
          'high',
        ]);
        const byEvent = await alerts.list({ sort: 'event_time', order: 'asc', limit: 1 });
        expect(byEvent.alerts[0]?.eventTime?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
        expect((await alerts.list({ until: new Date(0) })).total).toBe(0);
        await expect(alerts.list({ limit: 501 })).rejects.toThrow(InvalidAlertError);
        await expect(alerts.list({ sort: 'title' as never })).rejects.toThrow(
          /sort: expected one of received/,
        );
        await expect(alerts.list({ severity: 'urgent' as never })).rejects.toThrow(
          /severity: expected one of/,
        );
      });

      it('finds an alert by host, user, IP, hash, word prefix and raw field, with its total', async () => {
        const search = async (text: string) =>
          (await alerts.list({ text })).alerts.map((alert) => alert.title);
        expect(await search('203.0.113.7')).toEqual(['Alert 7']);
        expect(await search(`0c${'ab12'.repeat(15)}cd`)).toEqual(['Alert 12']);
        expect((await alerts.list({ text: 'web-02' })).total).toBe(10);
        // A host name is one word to the parser; `host-12` alone is two (`host`, `-12`): found as a prefix.
        expect(await search('host-12')).toEqual(['Alert 12']);
        expect(await search('HOST-12.corp.example.com alice')).toEqual(['Alert 12']);
        expect((await alerts.list({ text: 'alice web-00' })).total).toBe(5);
        expect(await search('Alert 2')).toContain('Alert 2');
        expect((await alerts.list({ text: 'hostnam' })).total).toBe(30);
        expect(await search('nothing-like-this')).toEqual([]);
        expect(await search('!!!')).toEqual([]);
        expect(await search("o'brien \\ 'quoted' a\\'b")).toEqual([]);
        const found = await alerts.search({ text: '203.0.113.29' });
        expect(found.map((alert) => alert.title)).toEqual(['Alert 29']);
      });

      it('pages by cursor through every sort and order with the alerts offset paging lists, ties and nulls included', async () => {
        // One batch is one transaction: its alerts share a received time (ties broken by id); some have no
        // event time (listed last in both orders).
        await alerts.receiveAll(
          Array.from({ length: 9 }, (_, i) =>
            prepared({
              title: `Batch ${i}`,
              severity: ['low', 'critical', 'high'][i % 3],
              ...(i % 2 === 0 ? {} : { timestamp: new Date(Date.UTC(2026, 9, 1 + (i % 4))).toISOString() }),
            }),
          ),
        );
        for (const sort of ['received', 'last_seen', 'event_time', 'severity'] as const) {
          for (const order of ['desc', 'asc'] as const) {
            const byOffset: string[] = [];
            for (let offset = 0; ; offset += 7) {
              const page = await alerts.list({ sort, order, limit: 7, offset });
              byOffset.push(...page.alerts.map((alert) => alert.id));
              if (page.alerts.length < 7) break;
            }
            const byCursor: string[] = [];
            let after: string | undefined;
            do {
              const page = await alerts.list({ sort, order, limit: 7, after });
              expect(page).toMatchObject({ total: 39, totalExact: true });
              byCursor.push(...page.alerts.map((alert) => alert.id));
              after = page.next;
            } while (after !== undefined);
            expect(byCursor, `${sort} ${order}`).toEqual(byOffset);
            expect(new Set(byCursor).size).toBe(39);
          }
        }
        // Filters apply to the pages after a cursor as to the first.
        const first = await alerts.list({ severity: 'critical', limit: 3 });
        const second = await alerts.list({ severity: 'critical', limit: 3, after: first.next });
        expect(second.alerts.every((alert) => alert.severity === 'critical')).toBe(true);
        expect(second.alerts.map((alert) => alert.id)).toEqual(
          (await alerts.list({ severity: 'critical', limit: 3, offset: 3 })).alerts.map((alert) => alert.id),
        );
        // The last page has no next; a cursor of another order, a forged one, and one with offset are refused.
        expect((await alerts.list({ limit: 500 })).next).toBeUndefined();
        await expect(alerts.list({ sort: 'severity', after: first.next })).rejects.toThrow(
          /after: expected a cursor of this list's order \(sort severity, desc\)/,
        );
        await expect(alerts.list({ after: first.next, offset: 3 })).rejects.toThrow(
          /offset: expected no offset/,
        );
        const forged = Buffer.from(JSON.stringify(['received', 'desc', "x'; drop table t", 'a'])).toString(
          'base64url',
        );
        for (const bad of ['not a cursor!', forged, Buffer.from('[1,2]').toString('base64url')]) {
          await expect(alerts.list({ after: bad })).rejects.toThrow(
            /^after: expected a cursor returned as `next`/,
          );
        }
        // Past the count's cap the total is the planner's estimate, never below what was counted.
        const capped = await listAlerts(store.db, { limit: 5 }, { countUpTo: 10 });
        expect(capped.totalExact).toBe(false);
        expect(capped.total).toBeGreaterThanOrEqual(11);
        expect((await listAlerts(store.db, { limit: 5, exactTotal: true }, { countUpTo: 10 })).total).toBe(
          39,
        );
      });

      it('folds the same alert sent again into the open one, counting it; a resolved one is not reopened', async () => {
        const value = { title: 'Port scan', hostname: 'web-09', updatedAt: '2026-11-26T21:00:00Z' };
        const first = await alerts.receive(prepared(value));
        expect(first.folded).toBe(false);
        const again = await alerts.receive(prepared({ ...value, updatedAt: '2026-11-26T22:00:00Z' }));
        expect(again).toMatchObject({ folded: true, alert: { id: first.alert.id, occurrences: 2 } });
        expect(again.alert.lastSeenAt.getTime()).toBeGreaterThanOrEqual(first.alert.lastSeenAt.getTime());
        // The duplicate made no job of its own.
        const jobs = rowsOf<{ n: number }>(
          await store.db.execute(
            sql`select count(*)::int as n from investigator_alert_jobs where alert_id = ${first.alert.id}`,
          ),
        );
        expect(Number(jobs[0]?.n)).toBe(1);
        // In one batch too, and another schema is another alert.
        const batch = await alerts.receiveAll([prepared(value), prepared(value), prepared(value, 'other')]);
        expect(batch.map((one) => one.folded)).toEqual([true, true, false]);
        expect((await alerts.get(first.alert.id)).occurrences).toBe(4);
        await alerts.resolve({
          id: first.alert.id,
          conclusion: 'benign',
          reason: 'scanner',
          by: { name: 'jane', via: 'cli' },
        });
        const after = await alerts.receive(prepared(value));
        expect(after.folded).toBe(false);
        expect(after.alert.id).not.toBe(first.alert.id);
      });

      it('stores a batch whole or not at all', async () => {
        const before = (await alerts.list({ includeMerged: true })).total;
        const bad = { ...prepared({ title: 'bad' }), severity: 'urgent' as never };
        await expect(alerts.receiveAll([prepared({ title: 'good one' }), bad])).rejects.toThrow();
        expect((await alerts.list({ includeMerged: true })).total).toBe(before);
      });

      it('orders similar alerts by the HNSW index over the store’s one embedding space', async () => {
        const [space] = await alerts.embeddingSpaces();
        expect(space).toMatchObject({ embedder: embedder.id, dimensions: embedder.dimensions });
        const indexes = rowsOf<{ indexdef: string }>(
          await store.db.execute(
            sql`select indexdef from pg_indexes where tablename = 'investigator_alerts' and indexdef ilike '%hnsw%'`,
          ),
        );
        expect(indexes).toEqual([{ indexdef: expect.stringContaining(`vector(${embedder.dimensions})`) }]);
        const [one] = (await alerts.list({ text: '203.0.113.7' })).alerts;
        const similar = await alerts.similar(one?.id ?? '', 3);
        expect(similar).toHaveLength(3);
        expect(similar.map((entry) => entry.distance)).toEqual(
          [...similar.map((entry) => entry.distance)].sort((a, b) => a - b),
        );
        await store.db.execute(sql`set enable_seqscan = off`);
        const plan = rowsOf<Record<string, string>>(
          await store.db.execute(sql`explain select id from investigator_alerts where vector_dims(embedding) = ${sql.raw(String(embedder.dimensions))}
            order by embedding::vector(${sql.raw(String(embedder.dimensions))}) <=> (select embedding::vector(${sql.raw(String(embedder.dimensions))}) from investigator_alerts limit 1) limit 3`),
        );
        await store.db.execute(sql`set enable_seqscan = on`);
        expect(plan.map((row) => Object.values(row)[0]).join('\n')).toMatch(
          /Index Scan using investigator_alerts_embedding_\d+_idx/,
        );
      });
    },
  );
}
