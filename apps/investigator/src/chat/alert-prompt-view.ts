import type { Alert } from '../alerts/index.js';

/** Limits of {@link alertPromptView}. */
export interface AlertPromptViewOptions {
  /** Most characters of the raw alert's view (default 8,000: about 2,000 tokens). */
  rawChars?: number;
  /** Most indicators listed (default 50). */
  iocs?: number;
}

/** The bounded parts of an alert the chat's system prompt holds, and what was cut from them. */
export interface AlertPromptView {
  /** The raw JSON: whole when it fits, else a cut view (long strings, long arrays, deep nesting cut). */
  raw: string;
  /** The indicators, one per line. */
  iocs: string;
  /** What was left out, for the prompt to say (empty when nothing was). */
  notes: string[];
}

const maxString = 300;
const maxItems = 20;
const maxKeys = 60;
const maxDepth = 8;

/**
 * A view of an alert of any size that fits in a prompt: the raw JSON whole when it has at most `rawChars`
 * characters, else pretty-printed with strings over 300 characters, arrays over 20 items, objects over 60
 * keys and nesting deeper than 8 cut (each cut marked with how much was left out), and the whole view cut
 * at `rawChars`; the first `iocs` indicators. `notes` says what was cut and that `alert_json` reads the
 * rest. The chat's system prompt, which no strategy may shorten, stays bounded whatever the alert.
 */
export function alertPromptView(
  alert: Alert,
  { rawChars = 8000, iocs = 50 }: AlertPromptViewOptions = {},
): AlertPromptView {
  const notes: string[] = [];
  let raw = alert.raw;
  if (raw.length > rawChars) {
    let value: unknown;
    try {
      value = JSON.parse(raw.replace(/^\uFEFF/, ''));
    } catch {
      value = raw;
    }
    const view = JSON.stringify(cut(value, 0), null, 1);
    raw = view.length > rawChars ? `${view.slice(0, rawChars)}\n…[view cut at ${rawChars} characters]` : view;
    notes.push(
      `The raw alert has ${alert.raw.length} characters; above is a cut view (marked "…[cut"). Read any field in full with alert_json (a path such as detail.service.action, paged by offset).`,
    );
  }
  const all = [...alert.iocs];
  const listed = all.slice(0, iocs).map((ioc) => `${ioc.kind}: ${ioc.value}`);
  const unlisted = all.length - listed.length + alert.iocsOmitted;
  if (unlisted > 0) {
    notes.push(
      `${unlisted} more indicators are not listed${alert.iocsOmitted > 0 ? ` (${alert.iocsOmitted} of them were counted at ingest but not kept)` : ''}; alert_json reads the raw alert.`,
    );
  }
  return { raw, iocs: listed.join('\n'), notes };
}

function cut(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > maxString
      ? `${value.slice(0, maxString)}…[cut: ${value.length - maxString} more characters]`
      : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= maxDepth) return `…[cut: nested deeper than ${maxDepth}]`;
  if (Array.isArray(value)) {
    const items = value.slice(0, maxItems).map((item) => cut(item, depth + 1));
    return value.length > maxItems ? [...items, `…[cut: ${value.length - maxItems} more items]`] : items;
  }
  const entries = Object.entries(value);
  const kept = Object.fromEntries(
    entries.slice(0, maxKeys).map(([key, item]) => [key, cut(item, depth + 1)]),
  );
  if (entries.length > maxKeys) kept['…'] = `[cut: ${entries.length - maxKeys} more keys]`;
  return kept;
}
