import type { MemoryItems } from './memory-items.js';

/**
 * `memory` cut until `fits` says it fits, oldest first: decisions, then entities, then indicators, and
 * the user's constraints last (they matter most). Returns the memory unchanged when it fits.
 */
export function trimMemory(memory: MemoryItems, fits: (memory: MemoryItems) => boolean): MemoryItems {
  let current = memory;
  for (const key of ['decisions', 'entities', 'indicators', 'constraints'] as const) {
    while (!fits(current) && current[key].length > 0) {
      // Halve the distance each time: a few renders even for a memory far over budget.
      let low = 1;
      let high = current[key].length;
      while (low < high) {
        const drop = Math.floor((low + high) / 2);
        if (fits({ ...current, [key]: current[key].slice(drop) })) high = drop;
        else low = drop + 1;
      }
      current = { ...current, [key]: current[key].slice(low) };
    }
  }
  return current;
}
