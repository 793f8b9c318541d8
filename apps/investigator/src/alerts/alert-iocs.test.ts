import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
