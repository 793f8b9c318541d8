import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { summaryMessage } from '../summary-message.js';
import { extractFacts } from './extract-facts.js';
import { factChecker } from './fact-checker.js';
import { preservedFacts, renderPreservedFacts } from './preserved-facts-section.js';

const query = (id: string, sql: string, output: string): ModelMessage[] => [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'query', input: { sql } }] },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: id, toolName: 'query', output: { type: 'text', value: output } },
    ],
  },
];

describe('extractFacts', () => {
  it('keeps the paths, identifiers and names the conversation used, not every one a tool listed', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Why did host MKT01 run rundll32.exe? Do not reboot it.' },
      ...query(
        'q1',
        'SELECT DeviceName, RemoteIP FROM DeviceNetworkEvents',
        "[('MKT01', '203.0.113.9', 'C:\\\\Temp\\\\drop.dll', 'OtherTable')]",
      ),
    ];
    const facts = extractFacts(messages).map((fact) =>
      fact.host === undefined ? `${fact.kind}:${fact.value}` : `${fact.kind}:${fact.value}@${fact.host}`,
    );
    expect(facts).toEqual([
      'instruction:Do not reboot it.',
      'host:MKT01',
      'path:rundll32.exe@MKT01',
      'identifier:DeviceName',
      'identifier:RemoteIP',
      'identifier:DeviceNetworkEvents',
      // The output's address comes with the machine of its row; its path and table name were never used.
      'ipv4:203.0.113.9@MKT01',
    ]);
  });

  it('carries what an earlier summary preserved, hosts included', () => {
    const section = renderPreservedFacts([
      { kind: 'instruction', value: 'Do not reboot it.' },
      { kind: 'ipv4', value: '203.0.113.9', host: 'MKT01' },
      { kind: 'path', value: 'C:\\Temp\\drop.dll' },
    ]);
    expect(section).toContain('- IPv4 addresses: 203.0.113.9 (with MKT01)');
    expect(preservedFacts(`Summary.\n\n${section}`)).toEqual([
      { kind: 'instruction', value: 'Do not reboot it.' },
      { kind: 'ipv4', value: '203.0.113.9', host: 'MKT01' },
      { kind: 'path', value: 'C:\\Temp\\drop.dll' },
    ]);
    const facts = extractFacts([summaryMessage(`Summary.\n\n${section}`)]);
    expect(facts).toContainEqual({ kind: 'ipv4', value: '203.0.113.9', host: 'MKT01' });
    expect(facts).toContainEqual({ kind: 'instruction', value: 'Do not reboot it.' });
  });
});

describe('factChecker with hosts', () => {
  it('finds a value seen on a machine only where the summary names the two together', () => {
    const fact = { kind: 'ipv4' as const, value: '203.0.113.9', host: 'MKT01' };
    expect(factChecker('MKT01 beaconed from 203.0.113.9.')(fact)).toBe(true);
    expect(factChecker('Addresses: 203.0.113.9.\nHosts: MKT01.')(fact)).toBe(false);
    expect(factChecker('Addresses: 203.0.113.9.')({ kind: 'ipv4', value: '203.0.113.9' })).toBe(true);
  });
});
