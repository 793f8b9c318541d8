import { isRecord } from './is-record.js';

/** True when parsed JSONL rows look like a per-call usage log (`instance_id` and `n_messages_in_prompt`). */
export function isUsageLog(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const first: unknown = value[0];
  return isRecord(first) && 'instance_id' in first && 'n_messages_in_prompt' in first;
}
