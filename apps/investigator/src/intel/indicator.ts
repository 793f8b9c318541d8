import { extractIndicators, type IndicatorKind } from 'kioku/strategies';

/** An indicator of compromise: its kind (as kioku's extractor names them) and value. */
export interface Indicator {
  kind: IndicatorKind;
  value: string;
}

/** What an intelligence source says of an indicator, worst first when several speak. */
export const intelVerdicts = ['malicious', 'suspicious', 'benign', 'unknown'] as const;
/** What an intelligence source says of an indicator. */
export type IntelVerdict = (typeof intelVerdicts)[number];

/**
 * The indicator `text` is, with its kind found by kioku's extractor, or undefined when `text` is not
 * exactly one indicator (defanged forms such as `evil[.]com` are taken refanged).
 */
export function parseIndicator(text: string): Indicator | undefined {
  const trimmed = text.trim();
  const found = extractIndicators(trimmed);
  if (found.length !== 1 || found[0] === undefined) return undefined;
  const [indicator] = found;
  const refanged = trimmed.replace(/\[\.\]|\(\.\)|\{\.\}/g, '.').replace(/^hxxp/i, 'http');
  if (indicator.value.toLowerCase() !== refanged.toLowerCase()) return undefined;
  return normalizeIndicator({ kind: indicator.kind, value: indicator.value });
}

/** The form indicators are stored and compared in: host names, addresses and hashes lowercase, CVE ids uppercase, URLs as given. */
export function normalizeIndicator({ kind, value }: Indicator): Indicator {
  const trimmed = value.trim();
  if (kind === 'cve') return { kind, value: trimmed.toUpperCase() };
  if (kind === 'url') return { kind, value: trimmed };
  if (kind === 'domain') return { kind, value: trimmed.toLowerCase().replace(/\.$/, '') };
  return { kind, value: trimmed.toLowerCase() };
}
