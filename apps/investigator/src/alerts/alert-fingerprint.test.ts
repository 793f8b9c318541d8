import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertFingerprint } from './alert-fingerprint.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/envelopes/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('alertFingerprint', () => {
  it('is the same for the same content whatever the key order, and differs for other content', () => {
    const a = alertFingerprint({
      schema: 'sentinel',
      value: { AlertName: 'x', host: 'MKT01', n: [1, { b: 2, a: 1 }] },
    });
    const b = alertFingerprint({
      schema: 'sentinel',
      value: { n: [1, { a: 1, b: 2 }], host: 'MKT01', AlertName: 'x' },
    });
    expect(a).toBe(b);
    expect(
      alertFingerprint({
        schema: 'sentinel',
        value: { AlertName: 'x', host: 'MKT02', n: [1, { a: 1, b: 2 }] },
      }),
    ).not.toBe(a);
    expect(
      alertFingerprint({
        schema: 'syslog',
        value: { AlertName: 'x', host: 'MKT01', n: [1, { a: 1, b: 2 }] },
      }),
    ).not.toBe(a);
    // A key and a string with the same text are not confused.
    expect(alertFingerprint({ schema: 's', value: { a: ['b'] } })).not.toBe(
      alertFingerprint({ schema: 's', value: { a: { b: [] } } }),
    );
  });

  it('leaves out what changes each time a source re-sends an alert (update times, counts)', () => {
    const first = { title: 'scan', updatedAt: '2026-11-26T21:00:00Z', count: 1 };
    const again = { title: 'scan', updatedAt: '2026-11-26T22:00:00Z', count: 7 };
    expect(alertFingerprint({ schema: 'x', value: first })).toBe(
      alertFingerprint({ schema: 'x', value: again }),
    );
  });

  it("uses the source's finding id: GuardDuty (also inside EventBridge), Security Command Center, Sentinel", () => {
    const finding = fixture('guardduty-finding.json');
    const updated = { ...finding, severity: 8, title: 'changed', service: { count: 99 } };
    const id = alertFingerprint({ schema: 'guardduty', value: finding });
    expect(id).toMatch(/^guardduty:id:[0-9a-f]{64}$/);
    expect(alertFingerprint({ schema: 'guardduty', value: updated })).toBe(id);
    expect(alertFingerprint({ schema: 'guardduty', value: fixture('eventbridge-guardduty.json') })).toBe(id);
    const scc = fixture('scc-notification.json');
    const sccId = alertFingerprint({ schema: 'scc', value: scc });
    expect(sccId).toMatch(/^scc:id:/);
    expect(alertFingerprint({ schema: 'scc', value: { ...scc, notificationConfigName: 'other' } })).toBe(
      sccId,
    );
    expect(alertFingerprint({ schema: 'sentinel', value: { SystemAlertId: 'a1', TimeGenerated: '1' } })).toBe(
      alertFingerprint({
        schema: 'sentinel',
        value: { SystemAlertId: 'a1', TimeGenerated: '2', Status: 'x' },
      }),
    );
  });

  it('handles nesting as deep as an alert may be without recursion', () => {
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 10_000; depth += 1) deep = { a: deep };
    expect(alertFingerprint({ schema: 'x', value: { deep } })).toMatch(/^x:content:/);
  });
});
