import { parseModelData } from './parse-model-data.js';
import { createToolGraph, type ToolGraph } from './tool-graph.js';
import { toolGraphDataSchema } from './tool-graph-data.js';

/**
 * Restores a tool graph saved with `toJSON` (parsed JSON, from a file or a store), exactly: it predicts
 * what the saved graph predicted and goes on learning from there. Throws a `ToolGraphDataError` naming the
 * first thing in `data` that is not what `toJSON` writes.
 *
 * @example
 * const graph = toolGraphFromJSON(JSON.parse(await readFile('graph.json', 'utf8')));
 */
export function toolGraphFromJSON(data: unknown): ToolGraph {
  return createToolGraph({ from: parseModelData(toolGraphDataSchema, data, 'tool graph') });
}
