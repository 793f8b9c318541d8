// The investigator's one home for untrusted-data marking is src/untrusted/ (markUntrusted, on the
// inv-alerts branch); this is the same block format for log rows until the branches meet, when it becomes
// an import of that helper.
const markerLike = /<(\s*\/?\s*untrusted[\s_-]*data)/gi;

/**
 * Wraps log data (rows, column names, engine messages) in `<untrusted-data source="…">…</untrusted-data>`
 * for the model, with any look-alike of the markers inside made inert (`<` becomes `‹`), so a log row
 * cannot end its block or pose as instructions.
 */
export function markLogData({ source, content }: { source: string; content: string }): string {
  const label = source.replace(/["\r\n]/g, ' ').replace(markerLike, '‹$1');
  return `<untrusted-data source="${label}">\n${content.replace(markerLike, '‹$1')}\n</untrusted-data>`;
}
