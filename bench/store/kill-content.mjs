// What the kill test writes, derived from (session, position) alone so that the checker can tell the
// exact message every acknowledged write stored, plus the seeded random numbers both scripts use.

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The message at `position` of `sessionId`: alternately user text and an assistant tool call answered
 * by a tool result, with a body from 0 to 2 kB, and one message in 25 of 24 kB (several pages).
 */
export function messageAt(sessionId, position) {
  const h = hash(`${sessionId}#${position}`);
  const size = h % 25 === 0 ? 24_000 : h % 2_000;
  const body = `${sessionId} #${position} ${'kioku '.repeat(Math.ceil(size / 6)).slice(0, size)}`;
  const toolCallId = `call_${position - 1}`;
  switch (position % 3) {
    case 0:
      return { role: 'user', content: body };
    case 1:
      return {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: `call_${position}`, toolName: 'search', input: { query: body } },
        ],
      };
    default:
      return {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId, toolName: 'search', output: { type: 'text', value: body } },
        ],
      };
  }
}

/** The summary recorded by compaction `version` of `sessionId`. */
export function summaryAt(sessionId, version) {
  return [{ role: 'user', content: `Summary ${version} of ${sessionId}: goals, findings, next steps.` }];
}
