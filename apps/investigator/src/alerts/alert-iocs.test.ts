import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxAlertIocs } from './alert.js';
import { alertIocs } from './alert-iocs.js';

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../samples/alerts/${name}`, import.meta.url), 'utf8')) as unknown;

describe('alertIocs', () => {
  it('finds the indicators of the shipped samples, not the identifiers', () => {
    const s3 = alertIocs(sample('s3-exfiltration-leaked-role-keys.json')).iocs.map(
      (ioc) => `${ioc.kind} ${ioc.value}`,
    );
    expect(s3).toEqual(['ipv4 1.2.3.4', 'ipv4 169.254.169.254', 'domain s3.amazonaws.com']);
    const lsass = alertIocs(sample('lsass-dump-mkt01.json')).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);
    expect(lsass).toEqual(
      expect.arrayContaining([
        'sha256 e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
        'md5 289684eb9fa3cbd200f4440b6399ff11',
        'ipv4 10.0.5.13',
      ]),
    );
    const log4shell = alertIocs(sample('log4shell-ubuntu5.json')).iocs.map(
      (ioc) => `${ioc.kind} ${ioc.value}`,
    );
    expect(log4shell).toEqual(expect.arrayContaining(['ipv4 192.168.2.5', 'cve CVE-2021-44228']));
  });

  it('reads values inside JSON strings (Sentinel entities) and keeps each indicator once', () => {
    const alert = {
      Entities: '[{"Address":"72.5.72.208","Type":"ip"}]',
      again: '72.5.72.208',
      TenantId: 'e34d562eef124c4e9bc07c6ae357c015',
    };
    expect(alertIocs(alert).iocs).toEqual([{ kind: 'ipv4', value: '72.5.72.208' }]);
  });

  it('takes no product version for an address and no cloud finding id for a hash', () => {
    const alert = {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      name: 'organizations/123456789012/sources/5678901234567890123/findings/1c2b3d4e5f60718293a4b5c6d7e8f901',
      resource:
        'arn:aws:guardduty:us-east-1:123456789012:detector/123456789012abcdef0123456789abcdef/finding/16afba5c5c43e07c9e3e5e2e544e95df',
      findingId: '16afba5c5c43e07c9e3e5e2e544e95df',
      source: '203.0.113.9 downloaded e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
    };
    expect(alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`)).toEqual([
      'ipv4 203.0.113.9',
      'sha256 e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
    ]);
  });

  it('keeps at most maxAlertIocs and counts the rest, without recursion on deep alerts', () => {
    const addresses = Array.from(
      { length: 20_000 },
      (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    );
    const { iocs, omitted } = alertIocs({ addresses: addresses.join(' '), again: addresses.slice(0, 10) });
    expect(iocs).toHaveLength(maxAlertIocs);
    expect(iocs[0]).toEqual({ kind: 'ipv4', value: '198.0.0.0' });
    expect(omitted).toBe(20_000 - maxAlertIocs);
    let deep: unknown = '203.0.113.7';
    for (let depth = 0; depth < 20_000; depth += 1) deep = [deep];
    expect(alertIocs({ deep }).iocs).toEqual([{ kind: 'ipv4', value: '203.0.113.7' }]);
  });
});
