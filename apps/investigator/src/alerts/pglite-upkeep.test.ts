import { sql } from 'drizzle-orm';
import { createHashingEmbedder } from 'kioku/store';
import { describe, expect, it } from 'vitest';
import { openInvestigatorStore, rowsOf } from '../store/index.js';
import { createAlertStore } from './create-alert-store.js';
import { createSummaryWorker } from './create-summary-worker.js';
import { pgliteUpkeep } from './pglite-upkeep.js';
import { prepareAlert } from './prepare-alert.js';

const embedder = createHashingEmbedder();
/** The planner's row counts of the two tables (-1: never vacuumed nor analyzed). */
const plannerRows = async (store: Awaited<ReturnType<typeof openInvestigatorStore>>) =>
  rowsOf<{ relname: string; reltuples: number }>(
    await store.db.execute(sql`select relname, reltuples from pg_class
      where relname in ('investigator_alerts', 'investigator_alert_jobs') order by relname`),
  ).map((row) => [row.relname, Number(row.reltuples)]);

describe('pgliteUpkeep', () => {
  it('gives the planner statistics of a PGlite store: when the summary worker starts, then every `every` jobs', async () => {
    const store = await openInvestigatorStore({ location: 'memory://' });
    try {
      const alerts = createAlertStore(store);
      for (let i = 0; i < 4; i += 1) {
        const value = { rule: `rule ${i}`, severity: 'high', hostname: `web-0${i}` };
        await alerts.receive(
          prepareAlert({ raw: JSON.stringify(value), value, schema: 'edr', embedder: embedder.id }),
        );
      }
      expect(await plannerRows(store)).toEqual([
        ['investigator_alert_jobs', -1],
        ['investigator_alerts', -1],
      ]);
      const worker = createSummaryWorker({ store, embedder });
      worker.start();
      await worker.drain();
      await worker.close();
      // Analyzed as the worker started (4 alerts, 4 jobs), the jobs done since then deleted.
      expect(await plannerRows(store)).toEqual([
        ['investigator_alert_jobs', 4],
        ['investigator_alerts', 4],
      ]);
      const upkeep = pgliteUpkeep(store, { every: 2 });
      await upkeep.jobDone();
      expect((await plannerRows(store))[0]).toEqual(['investigator_alert_jobs', 4]);
      await upkeep.jobDone();
      expect((await plannerRows(store))[0]).toEqual(['investigator_alert_jobs', 0]);
    } finally {
      await store.close();
    }
  });
});
