import { findEntities } from './extract-entities.js';
import { findIndicators } from './extract-indicators.js';
import type { Fact } from './fact.js';
import type { FactSighting } from './fact-sighting.js';
import { pairableKinds, pairHosts, type Sighting } from './pair-hosts.js';
import { refang } from './refang.js';

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
  // Where each pairable fact was matched, so `pairHosts` reads its record without extracting it again;
  // a defanged text's indicators are matched in its refanged form, at other indices.
  const sightings: Sighting[] | undefined = refang(text) === text ? [] : undefined;
  const sighted: FactSighting | undefined =
    sightings === undefined
      ? undefined
      : (kind, value, index) => {
          if (pairableKinds.has(kind)) sightings.push({ kind, value, index });
        };
  const indicators = findIndicators(text, sighted);
  const entities = findEntities(text, { indicators, ...(hosts === undefined ? {} : { hosts }) }, sighted);
  return pairHosts(text, [...indicators, ...entities], sightings);
}
