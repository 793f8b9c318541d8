import type { Fact } from './fact.js';

/**
 * Told each time an extractor matches a fact (the first time and every repeat): its kind, its value and
 * the index in the text it starts at. `pairHosts` reads which record each fact was seen in from these.
 */
export type FactSighting = (kind: Fact['kind'], value: string, index: number) => void;
