import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleStore } from '../store/drizzle-store.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import type { DrizzleStore } from '../store/store-database.js';
import { cancelBookingRun as run } from '../test/cancel-booking-run.js';
import { servedPglite } from '../test/served-pglite.js';
import type { AgentEvent } from '../tool-graph/agent-event.js';
import { createParameterFiller } from '../tool-graph/parameter-filler.js';
import { createToolGraph } from '../tool-graph/tool-graph.js';
import { openToolGraphStore } from './open-tool-graph-store.js';

function trained() {
  const graph = createToolGraph();
  const filler = createParameterFiller();
  for (let index = 0; index < 40; index += 1) {
    const events = run(`user_${'abcdefghij'[index % 10]}x_${1000 + index}`);
    graph.learnRun(events);
    events.forEach((event, position) => {
      if (event.kind === 'call') filler.learn(events.slice(0, position), event);
    });
  }
  return { graph, filler };
}

function describeToolGraphStore(
  name: string,
  open: () => Promise<Store>,
  setup?: () => Promise<void>,
  teardown?: () => Promise<void>,
) {
  describe(`openToolGraphStore: ${name}`, () => {
    let store: DrizzleStore;
    beforeAll(async () => {
      await setup?.();
      store = drizzleStore(await open());
    });
    afterAll(async () => {
      await store?.close();
      await teardown?.();
    });

    it('saves a graph and filler per namespace and restores them exactly', async () => {
      const graphs = openToolGraphStore({ store, namespace: 'airline' });
      expect(await graphs.load()).toBeUndefined();
      const { graph, filler } = trained();
      await graphs.save({ graph, filler });
      const loaded = await graphs.load();
      const before: AgentEvent[] = [{ kind: 'user', text: 'cancel for user_qx_2000' }];
      expect(loaded?.graph.predict(before)).toEqual(graph.predict(before));
      expect(loaded?.graph.runs).toBe(40);
      expect(loaded?.filler?.fill(before, 'get_user_details')).toEqual(
        filler.fill(before, 'get_user_details'),
      );
      expect(await openToolGraphStore({ store, namespace: 'retail' }).load()).toBeUndefined();
    });

    it('replaces what was saved, keeps learning across saves, and removes it', async () => {
      const graphs = openToolGraphStore({ store, namespace: 'learning' });
      const first = trained();
      await graphs.save({ graph: first.graph });
      const loaded = await graphs.load();
      if (loaded === undefined) throw new Error('nothing saved');
      expect(loaded.filler).toBeUndefined();
      loaded.graph.learnRun(run('user_zz_9999'));
      await graphs.save(loaded);
      expect((await graphs.load())?.graph.runs).toBe(41);
      expect(await graphs.remove()).toBe(true);
      expect(await graphs.remove()).toBe(false);
      expect(await graphs.load()).toBeUndefined();
    });

    it('refuses stored data of the wrong shape, naming where it is wrong', async () => {
      await store.db.execute(
        sql`insert into kioku_tool_graphs (namespace, graph) values ('broken', '{"version": 1, "transitions": "many"}')`,
      );
      await expect(openToolGraphStore({ store, namespace: 'broken' }).load()).rejects.toThrow(
        /tool graph data: at \$/,
      );
    });
  });
}

describeToolGraphStore('PGlite in memory', () => openStore({ location: 'memory://' }));
const wire = servedPglite();
describeToolGraphStore('over the wire (pg driver)', wire.open, wire.setup, wire.teardown);
