import type { RecalledMemory } from './memory.js';
import { normalizeMemoryText } from './normalize-memory-text.js';

/** Options of {@link formatPastKnowledge}. */
export interface FormatPastKnowledgeOptions {
  /**
   * The block's first line (default: a heading that says what the block is and how to use it); `''` for
   * the lines alone.
   */
  heading?: string;
}

const defaultHeading =
  'Past knowledge (learned in earlier runs on similar requests; it may be outdated or wrong, so check it ' +
  'before relying on it):';

// CR, LF, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR, with the blanks around them.
const lineTerminators = /[^\S\r\n\v\f\u0085\u2028\u2029]*[\r\n\v\f\u0085\u2028\u2029][\s\u0085]*/gu;

/**
 * The "Past knowledge" block for a system prompt: one line per recalled memory, best first, each with its
 * id in brackets so introspection can later say which ones helped; every line terminator in a claim
 * (CR, LF, VT, FF, NEL, U+2028, U+2029) becomes a space and invisible characters are dropped, so no claim
 * can forge an entry. Empty string when nothing was recalled.
 *
 * @example
 * formatPastKnowledge(await memory.recall({ request }));
 * // Past knowledge (learned in earlier runs …):
 * // [12] SigninLogs.ResultType is a string; "0" means success.
 * // [7] Timestamps in DeviceProcessEvents are UTC.
 */
export function formatPastKnowledge(
  memories: readonly Pick<RecalledMemory, 'id' | 'claim'>[],
  { heading = defaultHeading }: FormatPastKnowledgeOptions = {},
): string {
  if (memories.length === 0) return '';
  // A claim is one line: any line terminator inside it could pass for a new entry with a forged id.
  // Claims stored before memory normalized its inputs may still hold invisible characters: dropped here.
  const lines = memories.map(
    ({ id, claim }) => `[${id}] ${normalizeMemoryText(claim).replace(lineTerminators, ' ')}`,
  );
  return (heading === '' ? lines : [heading, ...lines]).join('\n');
}
