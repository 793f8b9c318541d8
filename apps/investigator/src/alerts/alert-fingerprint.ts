import { createHash } from 'node:crypto';

/** Fields that change each time a source re-sends the same alert (counts, update times), left out of the hash. */
const volatileKey =
  /^(?:updatedat|updatetime|lastseen|lastseenat|lastobservedat|eventlastseen|count|eventcount|receivedat|ingestiontime|ingesttime|timegenerated|processingtime)$/;

/**
 * What identifies the same alert sent again, so duplicates fold into one open alert: the source's own
 * finding id where the schema has one (a GuardDuty finding's `accountId` and `id`, also inside an
 * EventBridge event, a Security Command
 * Center finding's `name`, Sentinel's `SystemAlertId`), else a sha256 of the normalized content (keys
 * sorted, update times and counts left out). Always prefixed by the schema.
 */
export function alertFingerprint({
  schema,
  value,
}: {
  schema: string;
  value: Record<string, unknown>;
}): string {
  const key = findingKey(value);
  const basis = key ?? canonical(value);
  return `${schema}:${key === undefined ? 'content' : 'id'}:${createHash('sha256').update(basis).digest('hex')}`;
}

function findingKey(value: Record<string, unknown>): string | undefined {
  const text = (item: unknown) => (typeof item === 'string' && item !== '' ? item : undefined);
  // An EventBridge event (as SNS delivers GuardDuty's): the finding is its `detail`.
  if (text(value['detail-type']) && typeof value.detail === 'object' && value.detail !== null) {
    return findingKey(value.detail as Record<string, unknown>);
  }
  // GuardDuty: { schemaVersion, accountId, id, type, … }
  if (text(value.schemaVersion) && text(value.accountId) && text(value.id)) {
    return `guardduty ${value.accountId} ${value.id}`;
  }
  // Security Command Center: { finding: { name: organizations/…/findings/… } } or the finding itself.
  const finding = (
    typeof value.finding === 'object' && value.finding !== null ? value.finding : value
  ) as Record<string, unknown>;
  const name = text(finding.name);
  if (
    name !== undefined &&
    /^(?:organizations|projects|folders)\/[^/]+\/sources\/[^/]+\/findings\/[^/]+$/.test(name)
  ) {
    return `scc ${name}`;
  }
  const sentinel = text(value.SystemAlertId);
  return sentinel === undefined ? undefined : `sentinel ${sentinel}`;
}

/** JSON with object keys sorted and volatile keys dropped; iterative, so depth cannot overflow the stack. */
function canonical(value: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [value];
  const close = Symbol('close');
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === close) parts.push(')');
    else if (node instanceof Key) parts.push(`${JSON.stringify(node.name)}:`);
    else if (Array.isArray(node)) {
      parts.push('[');
      stack.push(close);
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push(node[index]);
    } else if (typeof node === 'object' && node !== null) {
      parts.push('{');
      stack.push(close);
      const keys = Object.keys(node)
        .filter((key) => !volatileKey.test(key.toLowerCase().replace(/[_\-@]/g, '')))
        .sort()
        .reverse();
      for (const key of keys) {
        stack.push((node as Record<string, unknown>)[key]);
        stack.push(new Key(key));
      }
    } else parts.push(JSON.stringify(node) ?? 'null');
  }
  return parts.join(',');
}

class Key {
  constructor(readonly name: string) {}
}
