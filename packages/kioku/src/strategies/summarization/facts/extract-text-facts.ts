import { extractEntities } from './extract-entities.js';
import { extractIndicators } from './extract-indicators.js';
import type { Fact } from './fact.js';
import { pairHosts } from './pair-hosts.js';

/** Options of {@link extractTextFacts}. */
export interface ExtractTextFactsOptions {
  /** Machine names known from elsewhere (earlier messages): hosts wherever the text names them alone. */
  hosts?: Iterable<string>;
}

/**
 * Every fact of one text but instructions: its indicators of compromise (`extractIndicators`), its
 * paths, identifiers and host and user names (`extractEntities`), each with the machine it was seen with
 * when a record names one (`pairHosts`).
 *
 * @example
 * extractTextFacts("on host WS01 (IP 10.0.0.5) user alice ran C:\\Temp\\x.exe");
 */
export function extractTextFacts(text: string, { hosts }: ExtractTextFactsOptions = {}): Fact[] {
  const indicators = extractIndicators(text);
  const entities = extractEntities(text, { indicators, ...(hosts === undefined ? {} : { hosts }) });
  return pairHosts(text, [...indicators, ...entities]);
}
