import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInvestigatorStore } from '../store/index.js';
import { createIntelFeeds, type IntelFeeds } from './create-intel-feeds.js';
import { createThreatIntel } from './create-threat-intel.js';
import { InvalidIndicatorError } from './invalid-indicator-error.js';
import { parseIndicatorFeed } from './parse-indicator-feed.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const apiKey = 'otx-test-key';

/** A loopback server answering OTX's indicator API the way OTX does: JSON bodies, `detail` errors. */
function startOtx(): Promise<{
  baseUrl: string;
  requests: Array<{ path: string; key: string | undefined }>;
  close: () => Promise<void>;
}> {
  const requests: Array<{ path: string; key: string | undefined }> = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    const key = request.headers['x-otx-api-key'] as string | undefined;
    requests.push({ path, key });
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (key !== apiKey) return send(403, '{"detail": "Authentication credentials were not provided."}');
    if (path === '/api/v1/indicators/IPv4/185.220.101.4/general')
      return send(200, fixture('otx-ipv4-general.json'));
    if (path === '/api/v1/indicators/domain/google.com/general')
      return send(200, fixture('otx-domain-general.json'));
    if (path === '/api/v1/indicators/IPv4/185.220.101.9/general')
      return send(500, '{"detail": "Internal server error"}');
    return send(404, '{"detail": "Not found."}');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('threat intelligence', () => {
  let store: DrizzleStore;
  let feeds: IntelFeeds;
  let otx: Awaited<ReturnType<typeof startOtx>>;
  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    feeds = createIntelFeeds(store);
    otx = await startOtx();
    await feeds.load({
      feed: 'local-blocklist',
      entries: parseIndicatorFeed({
        file: 'blocklist.csv',
        text: 'indicator,type,verdict,description,tags\n185.220.101.4,,malicious,Tor exit used in the Log4Shell campaign,tor;log4shell\nEvil-Updates.example.com,domain,,,\n',
      }),
    });
  });
  afterAll(async () => {
    await otx?.close();
    await store?.close();
  });

  it('answers from the offline feeds alone, without network', async () => {
    const intel = createThreatIntel({ feeds });
    const hit = await intel.lookup('185.220.101[.]4');
    expect(hit).toMatchObject({
      indicator: { kind: 'ipv4', value: '185.220.101.4' },
      verdict: 'malicious',
      errors: [],
    });
    expect(hit.feeds).toEqual([
      expect.objectContaining({ feed: 'local-blocklist', verdict: 'malicious', tags: ['tor', 'log4shell'] }),
    ]);
    expect((await intel.lookup({ kind: 'domain', value: 'evil-updates.EXAMPLE.com.' })).verdict).toBe(
      'malicious',
    );
    expect(await intel.lookup('8.8.8.8')).toEqual({
      indicator: { kind: 'ipv4', value: '8.8.8.8' },
      verdict: 'unknown',
      feeds: [],
      errors: [],
    });
    await expect(intel.lookup('not an indicator')).rejects.toThrow(InvalidIndicatorError);
  });

  it("reads OTX's general section: pulses, malware families, ATT&CK ids, with the key in X-OTX-API-KEY", async () => {
    const intel = createThreatIntel({ otx: { apiKey, baseUrl: otx.baseUrl } });
    const result = await intel.lookup('185.220.101.4');
    expect(result.verdict).toBe('suspicious');
    expect(result.otx).toMatchObject({ pulseCount: 2, validation: [], falsePositive: [] });
    expect(result.otx?.pulses[0]).toEqual({
      name: 'Log4Shell (CVE-2021-44228) scanning and exploitation sources',
      tags: ['log4j', 'log4shell', 'CVE-2021-44228', 'jndi'],
      malwareFamilies: ['Kinsing'],
      attackIds: ['T1190'],
      adversary: '',
    });
    expect(otx.requests.at(-1)).toEqual({
      path: '/api/v1/indicators/IPv4/185.220.101.4/general',
      key: apiKey,
    });
  });

  it('never sends a private or reserved address, or an internal name, to OTX', async () => {
    const intel = createThreatIntel({ otx: { apiKey, baseUrl: otx.baseUrl }, feeds });
    const before = otx.requests.length;
    for (const value of [
      '10.0.0.5',
      '192.168.2.5',
      '169.254.169.254',
      '127.0.0.1',
      'fe80::1',
      '64:ff9b::a00:5',
      { kind: 'domain', value: 'printer.local' } as const,
      'http://10.0.0.5/x',
      'http://db.internal./x',
    ]) {
      expect((await intel.lookup(value)).verdict, JSON.stringify(value)).toBe('unknown');
    }
    expect(otx.requests.length).toBe(before);
    await intel.lookup('185.220.101.4');
    expect(otx.requests.length).toBe(before + 1);
  });

  it('takes an OTX allow-list entry as benign, a 404 as unknown, and feeds over OTX', async () => {
    const intel = createThreatIntel({ otx: { apiKey, baseUrl: otx.baseUrl }, feeds });
    const google = await intel.lookup('google.com');
    expect(google.verdict).toBe('benign');
    expect(google.otx?.validation).toEqual([
      'alexa: Alexa rank: #1',
      'whitelist: Whitelisted domain google.com',
    ]);
    const unknown = await intel.lookup('203.0.113.7');
    expect(unknown).toEqual({
      indicator: { kind: 'ipv4', value: '203.0.113.7' },
      verdict: 'unknown',
      feeds: [],
      errors: [],
    });
    expect((await intel.lookup('185.220.101.4')).verdict).toBe('malicious');
  });

  it("reports OTX's errors (a refused key, a 500 with its detail, no server) and still answers from the feeds", async () => {
    const refused = await createThreatIntel({ otx: { apiKey: 'wrong', baseUrl: otx.baseUrl }, feeds }).lookup(
      '185.220.101.4',
    );
    expect(refused.verdict).toBe('malicious');
    expect(refused.errors).toEqual([
      'OTX refused the API key (403: Authentication credentials were not provided.); check OTX_API_KEY',
    ]);
    const failing = await createThreatIntel({ otx: { apiKey, baseUrl: otx.baseUrl } }).lookup(
      '185.220.101.9',
    );
    expect(failing.errors).toEqual(['OTX answered 500: Internal server error']);
    const unreachable = await createThreatIntel({ otx: { apiKey, baseUrl: 'http://127.0.0.1:9' } }).lookup(
      '185.220.101.9',
    );
    expect(unreachable.errors[0]).toMatch(/^OTX could not be reached/);
  });

  it('has no OTX section for e-mail addresses and does not call it', async () => {
    const before = otx.requests.length;
    const result = await createThreatIntel({ otx: { apiKey, baseUrl: otx.baseUrl } }).lookup(
      'ceo@example.com',
    );
    expect(result).toMatchObject({ verdict: 'unknown', errors: [] });
    expect(otx.requests.length).toBe(before);
  });

  it('replaces a feed when it is loaded again and lists the feeds', async () => {
    await feeds.load({
      feed: 'second',
      entries: parseIndicatorFeed({ file: 'x.txt', text: '# a list\n1.2.3.4\n1.2.3.4\n5.6.7.8\n' }),
    });
    await feeds.load({ feed: 'second', entries: parseIndicatorFeed({ file: 'x.txt', text: '5.6.7.8\n' }) });
    expect((await feeds.list()).map(({ feed, indicators }) => ({ feed, indicators }))).toEqual([
      { feed: 'local-blocklist', indicators: 2 },
      { feed: 'second', indicators: 1 },
    ]);
    expect(await feeds.find({ kind: 'ipv4', value: '1.2.3.4' })).toEqual([]);
  });
});
