import { sumFields } from '../tokens/sum-fields.js';
import type { CallBill } from './call-bill.js';

const billFields = [
  'promptTokens',
  'inputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'outputTokens',
  'cost',
] as const satisfies readonly (keyof CallBill)[];

/** The field-by-field sum of bills. */
export function sumBills(bills: readonly CallBill[]): CallBill {
  return sumFields(bills, billFields);
}
