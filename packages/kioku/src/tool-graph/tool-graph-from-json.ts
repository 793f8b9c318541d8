import { parseModelData } from './parse-model-data.js';
import { createToolGraph, type ToolGraph } from './tool-graph.js';
import { toolGraphDataSchema } from './tool-graph-data.js';
import { ToolGraphDataError } from './tool-graph-data-error.js';

/**
 * Restores a tool graph saved with `toJSON` (parsed JSON, from a file or a store), exactly: it predicts
 * what the saved graph predicted and goes on learning from there. Throws a `ToolGraphDataError` naming the
 * first thing in `data` that is not what `toJSON` writes — for version 1 data (written before the graph
 * read the last tools apart from the last events), that it has to be learned again from the runs.
 *
 * @example
 * const graph = toolGraphFromJSON(JSON.parse(await readFile('graph.json', 'utf8')));
 */
export function toolGraphFromJSON(data: unknown): ToolGraph {
  if (typeof data === 'object' && data !== null && (data as { version?: unknown }).version === 1) {
    throw new ToolGraphDataError({
      model: 'tool graph',
      location: '$.version',
      expected: '2 (version 1 graphs lack the tool-sequence contexts; learn the graph again from the runs)',
      found: '1',
    });
  }
  return createToolGraph({ from: parseModelData(toolGraphDataSchema, data, 'tool graph') });
}
