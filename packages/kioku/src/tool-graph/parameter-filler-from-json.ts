import { createParameterFiller, type ParameterFiller } from './parameter-filler.js';
import { parameterFillerDataSchema } from './parameter-filler-data.js';
import { parseModelData } from './parse-model-data.js';

/**
 * Restores a parameter filler saved with `toJSON`, exactly: it fills what the saved one filled and goes
 * on learning from there. Throws a `ToolGraphDataError` naming the first thing in `data` that is not what
 * `toJSON` writes.
 *
 * @example
 * const filler = parameterFillerFromJSON(saved.filler);
 */
export function parameterFillerFromJSON(data: unknown): ParameterFiller {
  return createParameterFiller({ from: parseModelData(parameterFillerDataSchema, data, 'parameter filler') });
}
