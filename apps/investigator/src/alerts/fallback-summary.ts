import type { AlertSeverity } from './alert.js';
import type { AlertSummary } from './alert-summary.js';

const titleKeys = [
  'title',
  'alertname',
  'alert_name',
  'displayname',
  'display_name',
  'rulename',
  'rule_name',
  'rule',
  'name',
  'eventname',
  'type',
];
const descriptionKeys = ['description', 'summary', 'message', 'details', 'detail', 'evidence'];
const severityKeys = ['severity', 'alertseverity', 'level', 'priority'];
const maxAttributes = 40;
const maxValue = 500;

/**
 * The summary written without a model, from the alert's own fields, the same every time: the title and
 * description from the usual field names (`title`, `AlertName`, `DisplayName`, `description`, …, at the top
 * or one level down), severity from `severity`-like fields (words or a 0–10 score), and the scalar fields
 * as attributes (dotted paths, at most 40, values cut at 500 characters).
 */
export function fallbackSummary({
  schema,
  value,
}: {
  schema: string;
  value: Record<string, unknown>;
}): AlertSummary {
  const fields = scalarFields(value);
  const find = (keys: readonly string[]) => {
    for (const key of keys) {
      const hit = fields.find(([path]) => lastSegment(path) === key && path.split('.').length <= 2);
      if (hit !== undefined && hit[1].trim() !== '') return hit[1].trim();
    }
    return undefined;
  };
  const title = find(titleKeys) ?? `${schema} alert`;
  const description =
    find(descriptionKeys) ??
    `A ${schema} alert with ${fields.length} fields; no description field was present.`;
  const attributes: Record<string, string> = {};
  for (const [path, text] of fields.slice(0, maxAttributes)) attributes[path] = text.slice(0, maxValue);
  return {
    title: title.slice(0, 200),
    description: description.slice(0, 4000),
    severity: severityOf(find(severityKeys)),
    attributes,
  };
}

function lastSegment(path: string): string {
  return (path.split('.').at(-1) ?? path).toLowerCase();
}

/** Every string, number and boolean in `value` with its dotted path, in document order. */
function scalarFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return prefix === '' ? [] : [[prefix, String(value)]];
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, item]) => scalarFields(item, prefix === '' ? key : `${prefix}.${key}`));
}

function severityOf(text: string | undefined): AlertSeverity {
  if (text === undefined) return 'medium';
  const word = text.toLowerCase();
  if (/^\d+(\.\d+)?$/.test(word)) {
    const score = Number(word);
    if (score >= 9) return 'critical';
    if (score >= 7) return 'high';
    if (score >= 4) return 'medium';
    return score > 0 ? 'low' : 'informational';
  }
  if (word.startsWith('crit')) return 'critical';
  if (word.startsWith('high') || word === 'severe') return 'high';
  if (word.startsWith('med') || word === 'moderate') return 'medium';
  if (word.startsWith('low')) return 'low';
  if (word.startsWith('info')) return 'informational';
  return 'medium';
}
