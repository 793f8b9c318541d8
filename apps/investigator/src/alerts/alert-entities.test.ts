import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertEntities } from './alert-entities.js';

const json = (path: URL) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('alertEntities', () => {
  it('reads host, user, source and event time from the fields each schema uses', () => {
    const sentinel = json(
      new URL('../../samples/alerts/sentinel-mimikatz-vnevado-win10v.json', import.meta.url),
    );
    const found = alertEntities(sentinel);
    expect(found).toMatchObject({
      host: 'vnevado-win10v.vnevado.alpineskihouse.co',
      source: 'Microsoft Defender Advanced Threat Protection',
    });
    expect(found.eventTime?.toISOString()).toBe('2024-06-20T08:58:51.183Z');
    const guardduty = alertEntities(
      json(new URL('./__fixtures__/envelopes/guardduty-finding.json', import.meta.url)),
    );
    expect(guardduty).toMatchObject({ host: 'i-99999999', source: 'guardduty' });
    expect(guardduty.eventTime?.toISOString()).toBe('2026-11-26T21:02:01.000Z');
    expect(
      alertEntities({ hostname: 'web-01', user_name: 'alice', ProductName: 'EDR', timestamp: 1764190800 }),
    ).toEqual({
      host: 'web-01',
      user: 'alice',
      source: 'EDR',
      eventTime: new Date(1764190800 * 1000),
    });
  });

  it('prefers the alert’s own fields to nested evidence, and ignores values too long to be an entity', () => {
    expect(alertEntities({ evidence: { host: 'deep' }, host: 'top' }).host).toBe('top');
    expect(alertEntities({ host: 'x'.repeat(500) }).host).toBeUndefined();
    expect(alertEntities({ time: 'not a time' }).eventTime).toBeUndefined();
  });
});
