import type { FeedHit, IntelFeeds } from './create-intel-feeds.js';
import {
  type Indicator,
  type IntelVerdict,
  intelVerdicts,
  normalizeIndicator,
  parseIndicator,
} from './indicator.js';
import { InvalidIndicatorError } from './invalid-indicator-error.js';
import { isLocalIndicator } from './local-indicator.js';
import { lookupOtx, type OtxOptions, type OtxReport } from './lookup-otx.js';

/** Options of {@link createThreatIntel}. */
export interface CreateThreatIntelOptions {
  /** AlienVault OTX; absent: offline feeds only. */
  otx?: OtxOptions | undefined;
  /** The offline feeds of the store (`createIntelFeeds(store)`). */
  feeds?: IntelFeeds | undefined;
}

/** What the sources say of one indicator. */
export interface ThreatIntelResult {
  indicator: Indicator;
  /** The worst verdict any source gives (`unknown` when none knows it). */
  verdict: IntelVerdict;
  feeds: FeedHit[];
  /** OTX's report; absent when OTX is not configured, does not know the indicator, or failed (see `errors`). */
  otx?: OtxReport;
  /** Sources that failed (OTX unreachable, key refused); the others still answered. */
  errors: string[];
}

/** Threat intelligence over OTX and the offline feeds. */
export interface ThreatIntel {
  /** Looks up an indicator (`{ kind, value }`, or text such as `10.0.1.14` or `evil[.]com`). */
  lookup(indicator: Indicator | string): Promise<ThreatIntelResult>;
}

/**
 * Threat intelligence for the investigation: the offline feeds loaded into the store (works without
 * network) and AlienVault OTX when a key is configured. OTX (never asked about private or reserved addresses or internal names) lists an indicator in community "pulses":
 * any pulse makes it `suspicious`, an OTX allow-list or false-positive entry `benign`; feeds give their own
 * verdicts. The result's text comes from third parties: pass it to a model through `markUntrusted`.
 *
 * @example
 * const intel = createThreatIntel({ feeds: createIntelFeeds(store), otx: process.env.OTX_API_KEY ? { apiKey: process.env.OTX_API_KEY } : undefined });
 * const { verdict } = await intel.lookup('10.0.1.14');
 */
export function createThreatIntel({ otx, feeds }: CreateThreatIntelOptions = {}): ThreatIntel {
  return {
    async lookup(input) {
      const indicator = typeof input === 'string' ? parseIndicator(input) : normalizeIndicator(input);
      if (indicator === undefined) {
        throw new InvalidIndicatorError({ value: typeof input === 'string' ? input : input.value });
      }
      const errors: string[] = [];
      const hits = feeds === undefined ? [] : await feeds.find(indicator);
      let report: OtxReport | undefined;
      // A private or reserved address (or an internal name) never leaves the machine.
      if (otx !== undefined && !isLocalIndicator(indicator)) {
        try {
          report = await lookupOtx(indicator, otx);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
      const verdicts: IntelVerdict[] = hits.map((hit) => hit.verdict);
      if (report !== undefined) {
        if (report.validation.length > 0 || report.falsePositive.length > 0) verdicts.push('benign');
        else if (report.pulseCount > 0) verdicts.push('suspicious');
      }
      const verdict = intelVerdicts.find((candidate) => verdicts.includes(candidate)) ?? 'unknown';
      return { indicator, verdict, feeds: hits, ...(report === undefined ? {} : { otx: report }), errors };
    },
  };
}
