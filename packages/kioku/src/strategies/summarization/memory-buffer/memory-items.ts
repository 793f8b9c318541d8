import type { Fact } from '../facts/fact.js';
import type { MemoryEntity } from './memory-schema.js';

/** What the memory buffer keeps: entities, decisions and constraints, and the IOCs found deterministically. */
export interface MemoryItems {
  readonly entities: readonly MemoryEntity[];
  readonly decisions: readonly string[];
  readonly constraints: readonly string[];
  readonly indicators: readonly Fact[];
}

/** An empty memory. */
export const emptyMemory: MemoryItems = Object.freeze({
  entities: Object.freeze([]) as readonly MemoryEntity[],
  decisions: Object.freeze([]) as readonly string[],
  constraints: Object.freeze([]) as readonly string[],
  indicators: Object.freeze([]) as readonly Fact[],
});
