import { eq, sql } from 'drizzle-orm';
import { drizzleStore } from '../store/drizzle-store.js';
import { toolGraphs } from '../store/schema/tool-graphs.js';
import type { Store } from '../store/store.js';
import type { ParameterFiller } from '../tool-graph/parameter-filler.js';
import { parameterFillerFromJSON } from '../tool-graph/parameter-filler-from-json.js';
import type { ToolGraph } from '../tool-graph/tool-graph.js';
import { toolGraphFromJSON } from '../tool-graph/tool-graph-from-json.js';

/** A learned tool graph and its parameter filler, as one agent keeps them. */
export interface SavedToolGraph {
  graph: ToolGraph;
  /** Absent when only the graph was saved. */
  filler?: ParameterFiller;
}

/** Options of {@link openToolGraphStore}. */
export interface OpenToolGraphStoreOptions {
  store: Store;
  /** The agent whose graph this is; default `default`. */
  namespace?: string;
}

/** One agent's tool graph in the kioku store (see {@link openToolGraphStore}). */
export interface ToolGraphStore {
  readonly namespace: string;
  /** The saved graph and filler, restored exactly, or `undefined` when none was saved. */
  load(): Promise<SavedToolGraph | undefined>;
  /** Saves both, replacing what was saved (the last save wins). */
  save(saved: SavedToolGraph): Promise<void>;
  /** Deletes the saved graph; true when there was one. */
  remove(): Promise<boolean>;
}

/**
 * Keeps an agent's learned tool graph (and parameter filler) in the kioku store — PGlite or PostgreSQL —
 * so next-tool prediction survives a restart and learns across runs. Stored as the JSON `toJSON()`
 * writes; restored with `toolGraphFromJSON`/`parameterFillerFromJSON`, which refuse data of the wrong
 * shape with an error naming where it is wrong.
 *
 * @example
 * const graphs = openToolGraphStore({ store, namespace: 'investigator' });
 * const { graph, filler } = (await graphs.load()) ?? { graph: createToolGraph(), filler: createParameterFiller() };
 * graph.learnRun(agentEvents(run.responseMessages));
 * await graphs.save({ graph, filler });
 */
export function openToolGraphStore({
  store: given,
  namespace = 'default',
}: OpenToolGraphStoreOptions): ToolGraphStore {
  const store = drizzleStore(given);
  return {
    namespace,
    async load() {
      const [row] = await store.db.select().from(toolGraphs).where(eq(toolGraphs.namespace, namespace));
      if (row === undefined) return undefined;
      const graph = toolGraphFromJSON(row.graph);
      return row.filler === null || row.filler === undefined
        ? { graph }
        : { graph, filler: parameterFillerFromJSON(row.filler) };
    },
    async save({ graph, filler }) {
      const values = {
        namespace,
        graph: graph.toJSON(),
        filler: filler === undefined ? null : filler.toJSON(),
        runs: graph.runs,
      };
      await store.db
        .insert(toolGraphs)
        .values(values)
        .onConflictDoUpdate({
          target: toolGraphs.namespace,
          set: { graph: values.graph, filler: values.filler, runs: values.runs, updatedAt: sql`now()` },
        });
    },
    async remove() {
      const deleted = await store.db
        .delete(toolGraphs)
        .where(eq(toolGraphs.namespace, namespace))
        .returning({ namespace: toolGraphs.namespace });
      return deleted.length > 0;
    },
  };
}
