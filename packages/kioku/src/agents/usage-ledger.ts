import type { LanguageModelUsage } from 'ai';
import { sumUsage } from './sum-usage.js';

/** One model run's usage, recorded under the agent or sub-agent that ran it. */
export interface LedgerEntry {
  /** Who ran it: `main`, or a sub-agent's tool name. */
  source: string;
  usage: LanguageModelUsage;
  /** Its cost in USD, when the caller priced it. */
  costUsd?: number;
}

/** Collects the usage of a run and of every sub-agent it called, so the parent's totals include them. */
export interface UsageLedger {
  record(entry: LedgerEntry): void;
  entries(): readonly LedgerEntry[];
  /** Usage summed over every entry, or over one source's. */
  total(source?: string): LanguageModelUsage;
  /** Cost summed over the entries that were priced; `undefined` when none was. */
  totalCostUsd(source?: string): number | undefined;
}

/**
 * A ledger for one run: sub-agents record their usage into it (`subAgent({ ledger })`), the caller records
 * its own, and `total()` is the run's whole usage.
 *
 * @example
 * const ledger = createUsageLedger();
 * const result = await generateText({ model, tools: { logs: subAgent({ …, ledger }) }, prompt });
 * ledger.record({ source: 'main', usage: result.totalUsage });
 * ledger.total().inputTokens;
 */
export function createUsageLedger(): UsageLedger {
  const recorded: LedgerEntry[] = [];
  const of = (source: string | undefined) =>
    source === undefined ? recorded : recorded.filter((entry) => entry.source === source);
  return {
    record: (entry) => {
      recorded.push(entry);
    },
    entries: () => recorded,
    total: (source) => sumUsage(of(source).map((entry) => entry.usage)),
    totalCostUsd: (source) => {
      const priced = of(source).filter((entry) => entry.costUsd !== undefined);
      return priced.length === 0 ? undefined : priced.reduce((sum, entry) => sum + (entry.costUsd ?? 0), 0);
    },
  };
}
