import type { IndicatorKind } from '../strategies/summarization/facts/fact.js';

/** The kinds of distinctive fact `extractDistinctiveFacts` recognises. */
export type DistinctiveFactKind =
  | IndicatorKind
  | 'id'
  | 'number'
  | 'path'
  | 'identifier'
  | 'quoted'
  | 'code-line'
  | 'sql-name';

/**
 * One distinctive piece of an agent's answer that it could only have copied from somewhere: an id, a
 * number, a path, a code identifier, a quoted string, a line of code, an indicator, a SQL name.
 */
export interface DistinctiveFact {
  kind: DistinctiveFactKind;
  /** As written in the answer. */
  value: string;
  /**
   * True for a value any program or agent writes without reading it (a language's builtin name, a number
   * under 1,000): it counts only where it is distinctive in the run (`fidelityMeter`).
   */
  generic?: boolean;
}
