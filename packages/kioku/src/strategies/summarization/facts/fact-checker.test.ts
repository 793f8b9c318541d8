import { describe, expect, it } from 'vitest';
import { factChecker } from './fact-checker.js';
import { preserveFacts } from './preserve-facts.js';
import { preservedInstructions, renderPreservedFacts } from './preserved-facts-section.js';

describe('factChecker', () => {
  it('finds an indicator whole, in any case, defanged or not', () => {
    const present = factChecker('The host contacted EVIL[.]com and 10.0.0.12, then hxxp://x.org/a/.');
    expect(present({ kind: 'domain', value: 'evil.com' })).toBe(true);
    expect(present({ kind: 'url', value: 'http://x.org/a' })).toBe(true);
    expect(present({ kind: 'ipv4', value: '10.0.0.1' })).toBe(false);
    expect(present({ kind: 'domain', value: 'il.com' })).toBe(false);
    expect(factChecker('sub.evil.com.au')({ kind: 'domain', value: 'evil.com' })).toBe(false);
  });

  it('accepts an instruction verbatim or closely paraphrased, keeping its polarity', () => {
    const present = factChecker(
      'Goal: fix the parser.\n- The user said: do not modify the existing tests.\n- Keep the patch small.',
    );
    expect(present({ kind: 'instruction', value: "Don't modify the tests." })).toBe(true);
    expect(present({ kind: 'instruction', value: 'Never modify the tests.' })).toBe(false);
    expect(present({ kind: 'instruction', value: 'Only report hosts in the finance subnet.' })).toBe(false);
  });
});

describe('preserveFacts', () => {
  it('appends the missing facts under a Preserved facts heading, and lists them back', () => {
    const facts = [
      { kind: 'instruction' as const, value: 'Do not reboot the host.' },
      { kind: 'ipv4' as const, value: '10.0.0.5' },
      { kind: 'ipv4' as const, value: '10.0.0.6' },
      { kind: 'sha256' as const, value: '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f' },
    ];
    const { text, present, repaired } = preserveFacts({ summary: 'Host 10.0.0.6 beaconed.', facts });
    expect(present.map((fact) => fact.value)).toEqual(['10.0.0.6']);
    expect(repaired).toHaveLength(3);
    expect(text).toBe(
      [
        'Host 10.0.0.6 beaconed.',
        '',
        'Preserved facts (verbatim from the summarized messages):',
        '- User instructions:',
        '  - Do not reboot the host.',
        '- IPv4 addresses: 10.0.0.5',
        '- SHA-256 hashes: 275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f',
      ].join('\n'),
    );
    expect(preservedInstructions(text)).toEqual(['Do not reboot the host.']);
    expect(preserveFacts({ summary: text, facts }).repaired).toEqual([]);
  });

  it('leaves a summary holding every fact as it is', () => {
    expect(
      preserveFacts({ summary: 'Host 10.0.0.6.', facts: [{ kind: 'ipv4', value: '10.0.0.6' }] }).text,
    ).toBe('Host 10.0.0.6.');
    expect(renderPreservedFacts([])).toBe('Preserved facts (verbatim from the summarized messages):');
  });
});
