/** The host, user and source system an alert is about, and when it happened, as far as its fields say. */
export interface AlertEntities {
  host?: string | undefined;
  user?: string | undefined;
  source?: string | undefined;
  eventTime?: Date | undefined;
}

// Field names (lowercase, without `_`, `-` or `@`) each schema uses, most specific first.
const hostKeys = [
  'hostname',
  'host',
  'computername',
  'computer',
  'compromisedentity',
  'devicename',
  'dnsname',
  'instanceid',
];
const userKeys = ['username', 'user', 'accountname', 'account', 'principalemail', 'principalid', 'upn'];
const sourceKeys = [
  'productname',
  'product',
  'providername',
  'servicename',
  'source',
  'provider',
  'vendorname',
  'vendor',
  'eventsource',
];
const timeKeys = [
  'eventtime',
  'starttime',
  'firstobservedat',
  'eventfirstseen',
  'detectedat',
  'timestamp',
  'time',
  'timegenerated',
  'createtime',
  'createdat',
];
const maxFields = 2000;
const maxDepth = 4;
const maxLength = 200;

/**
 * The entity columns of an alert (host, user, source system, event time) from its own fields, without a
 * model: the first scalar under a usual field name (`hostName`, `Computer`, `userName`, `principalEmail`,
 * `ProductName`, `eventTime`, `TimeGenerated`, …), breadth first to depth 4 so the alert's own fields win
 * over nested evidence. Reads at most 2,000 fields; values over 200 characters are not entities.
 */
export function alertEntities(value: Record<string, unknown>): AlertEntities {
  const fields = new Map<string, string>();
  let queue: Array<[string, unknown]> = Object.entries(value);
  let seen = 0;
  for (let depth = 0; depth < maxDepth && queue.length > 0 && seen < maxFields; depth += 1) {
    const next: Array<[string, unknown]> = [];
    for (const [key, item] of queue) {
      seen += 1;
      if (seen > maxFields) break;
      const name = key.toLowerCase().replace(/[_\-@]/g, '');
      if (typeof item === 'string' || typeof item === 'number') {
        const text = String(item).trim();
        if (text !== '' && text.length <= maxLength && !fields.has(name)) fields.set(name, text);
      } else if (Array.isArray(item)) {
        if (item.length > 0) next.push([key, item[0]]);
      } else if (typeof item === 'object' && item !== null) {
        next.push(...Object.entries(item));
      }
    }
    queue = next;
  }
  const first = (keys: readonly string[]) =>
    keys.map((key) => fields.get(key)).find((hit) => hit !== undefined);
  const time = first(timeKeys);
  const eventTime = time === undefined ? undefined : parseTime(time);
  return {
    host: first(hostKeys),
    user: first(userKeys),
    source: first(sourceKeys),
    ...(eventTime === undefined ? {} : { eventTime }),
  };
}

function parseTime(text: string): Date | undefined {
  // ISO 8601 text, or epoch seconds / milliseconds.
  const seconds = (text.split('.')[0] ?? '').length <= 10;
  const date = /^\d{9,13}(\.\d+)?$/.test(text)
    ? new Date(Number(text) * (seconds ? 1000 : 1))
    : /^\d{4}-\d{2}-\d{2}/.test(text)
      ? new Date(text)
      : undefined;
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}
