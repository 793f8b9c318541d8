/** A compaction as the context panel receives it. */
export interface CompactionLike {
  strategy: string;
  replaces: { from: number; to: number };
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * What a compaction did, in plain words ("Summarized messages 3–9" rather than kioku's
 * `pipeline(kioku-default, summarization)`), or `undefined` for one that saved nothing (no messages
 * replaced, or no fewer tokens), which the panel does not list.
 */
export function compactionLabel(compaction: CompactionLike): string | undefined {
  const { strategy, replaces, tokensBefore, tokensAfter } = compaction;
  if (replaces.to <= replaces.from || tokensAfter >= tokensBefore) return undefined;
  const steps: string[] = [];
  if (/default|mask|observation|clear|tool/i.test(strategy)) steps.push('shortened old tool outputs');
  if (/summar|hierarch|map-reduce/i.test(strategy)) steps.push('summarized');
  if (/truncat|window|drop/i.test(strategy)) steps.push('dropped the oldest messages');
  const what = steps.length === 0 ? 'compacted' : steps.join(' and ');
  const range =
    replaces.to - replaces.from === 1
      ? `message ${replaces.from}`
      : `messages ${replaces.from}–${replaces.to - 1}`;
  const saved = Math.round((1 - tokensAfter / tokensBefore) * 100);
  return `${what[0]?.toUpperCase()}${what.slice(1)} ${range}: ${tokensBefore.toLocaleString('en')} → ${tokensAfter.toLocaleString('en')} tokens (${saved}% smaller)`;
}
