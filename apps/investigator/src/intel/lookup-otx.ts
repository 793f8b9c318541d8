import type { Indicator } from './indicator.js';

/** How to reach AlienVault OTX. */
export interface OtxOptions {
  apiKey: string;
  /** Default `https://otx.alienvault.com`. */
  baseUrl?: string;
  /** Per-request timeout in milliseconds (default 10 000). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** What OTX's `general` section says of an indicator, reduced to what an investigation uses. */
export interface OtxReport {
  /** How many OTX pulses (community threat reports) list the indicator. */
  pulseCount: number;
  /** The first pulses: name, tags, malware families, ATT&CK ids, adversary. */
  pulses: Array<{
    name: string;
    tags: string[];
    malwareFamilies: string[];
    attackIds: string[];
    adversary: string;
  }>;
  /** Allow-list entries (e.g. a well-known domain) OTX reports under `validation`. */
  validation: string[];
  /** False-positive assessments OTX reports. */
  falsePositive: string[];
}

/** OTX's indicator section for each kind kioku extracts (e-mail addresses have none). */
const sections: Partial<Record<Indicator['kind'], string>> = {
  ipv4: 'IPv4',
  ipv6: 'IPv6',
  domain: 'domain',
  url: 'url',
  md5: 'file',
  sha1: 'file',
  sha256: 'file',
  cve: 'cve',
};
const shownPulses = 5;

/**
 * Looks an indicator up in AlienVault OTX (`GET /api/v1/indicators/{type}/{value}/general`, key in
 * `X-OTX-API-KEY`). Returns the report, `undefined` when OTX has no section for the kind or answers 404
 * (unknown indicator), and throws an `Error` whose message says what OTX answered (403: the key was
 * refused; other statuses with OTX's `detail`) or that it could not be reached.
 */
export async function lookupOtx(
  indicator: Indicator,
  {
    apiKey,
    baseUrl = 'https://otx.alienvault.com',
    timeoutMs = 10_000,
    fetch: fetchImpl = fetch,
  }: OtxOptions,
): Promise<OtxReport | undefined> {
  const section = sections[indicator.kind];
  if (section === undefined) return undefined;
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/indicators/${section}/${encodeURIComponent(indicator.value)}/general`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { 'X-OTX-API-KEY': apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`OTX could not be reached (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  const text = await response.text();
  if (response.status === 404) return undefined;
  if (!response.ok) {
    const detail = detailOf(text);
    if (response.status === 403)
      throw new Error(
        `OTX refused the API key (403${detail === '' ? '' : `: ${detail}`}); check OTX_API_KEY`,
      );
    throw new Error(`OTX answered ${response.status}${detail === '' ? '' : `: ${detail}`}`);
  }
  let body: GeneralSection;
  try {
    body = JSON.parse(text) as GeneralSection;
  } catch (error) {
    throw new Error(`OTX answered 200 with a body that is not JSON (${text.slice(0, 80)})`, { cause: error });
  }
  const pulses = Array.isArray(body.pulse_info?.pulses) ? body.pulse_info.pulses : [];
  return {
    pulseCount: typeof body.pulse_info?.count === 'number' ? body.pulse_info.count : pulses.length,
    pulses: pulses.slice(0, shownPulses).map((pulse) => ({
      name: String(pulse.name ?? ''),
      tags: (pulse.tags ?? []).map(String),
      malwareFamilies: (pulse.malware_families ?? []).map((family) =>
        typeof family === 'string' ? family : String(family.display_name ?? family.id ?? ''),
      ),
      attackIds: (pulse.attack_ids ?? []).map((attack) =>
        typeof attack === 'string' ? attack : String(attack.id ?? attack.display_name ?? ''),
      ),
      adversary: String(pulse.adversary ?? ''),
    })),
    validation: (body.validation ?? []).map((entry) =>
      [entry.source, entry.message ?? entry.name].filter(Boolean).join(': '),
    ),
    falsePositive: (body.false_positive ?? []).map((entry) =>
      typeof entry === 'string' ? entry : JSON.stringify(entry),
    ),
  };
}

/** The parts of OTX's `general` section read here (the response has many more). */
interface GeneralSection {
  pulse_info?: {
    count?: number;
    pulses?: Array<{
      name?: string;
      tags?: string[];
      adversary?: string;
      malware_families?: Array<string | { id?: string; display_name?: string }>;
      attack_ids?: Array<string | { id?: string; display_name?: string }>;
    }>;
  };
  validation?: Array<{ source?: string; message?: string; name?: string }>;
  false_positive?: unknown[];
}

function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown };
    const detail = body.detail ?? body.error;
    if (typeof detail === 'string') return detail.slice(0, 200);
  } catch {
    // not JSON: show the start of the text
  }
  return text.trim().slice(0, 200);
}
