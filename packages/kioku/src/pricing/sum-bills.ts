import type { CallBill } from './call-bill.js';

/** The field-by-field sum of bills. */
export function sumBills(bills: readonly CallBill[]): CallBill {
  const total: CallBill = {
    promptTokens: 0,
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    outputTokens: 0,
    cost: 0,
  };
  for (const bill of bills) {
    total.promptTokens += bill.promptTokens;
    total.inputTokens += bill.inputTokens;
    total.cacheReadTokens += bill.cacheReadTokens;
    total.cacheWriteTokens += bill.cacheWriteTokens;
    total.outputTokens += bill.outputTokens;
    total.cost += bill.cost;
  }
  return total;
}
