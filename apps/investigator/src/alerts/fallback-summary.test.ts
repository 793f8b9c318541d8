import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fallbackSummary } from './fallback-summary.js';

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../samples/alerts/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('fallbackSummary', () => {
  it('takes title, description and severity from the usual fields of the shipped samples', () => {
    expect(fallbackSummary({ schema: 'edr', value: sample('lsass-dump-mkt01.json') })).toMatchObject({
      title: 'LSASS process memory read by a process from a user Downloads folder',
      description: expect.stringMatching(/^Sysmon event 10/),
      severity: 'high',
    });
    expect(fallbackSummary({ schema: 'edr', value: sample('log4shell-ubuntu5.json') }).severity).toBe(
      'critical',
    );
    const guardduty = fallbackSummary({
      schema: 'guardduty',
      value: sample('s3-exfiltration-leaked-role-keys.json'),
    });
    expect(guardduty.severity).toBe('high');
    expect(guardduty.attributes['resource.accessKeyDetails.accessKeyId']).toBe('ASIA5FLZVX4OPVKKVBMX');
    const sentinel = fallbackSummary({
      schema: 'sentinel',
      value: sample('sentinel-mimikatz-vnevado-win10v.json'),
    });
    expect(sentinel).toMatchObject({ title: 'Mimikatz credential theft tool', severity: 'high' });
  });

  it('names the schema when the alert has no usual fields, and caps attributes', () => {
    const value = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [`f${index}`, 'x'.repeat(600)]),
    );
    const summary = fallbackSummary({ schema: 'custom', value });
    expect(summary).toMatchObject({ title: 'custom alert', severity: 'medium' });
    expect(Object.keys(summary.attributes)).toHaveLength(40);
    expect(summary.attributes.f0).toHaveLength(500);
  });
});
