import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../../../test/quarter-counter.js';
import { extractFacts } from './extract-facts.js';
import type { Fact } from './fact.js';
import { preserveFacts } from './preserve-facts.js';
import { prioritizeFacts } from './prioritize-facts.js';

const counter = quarterCounter();
const ip = (i: number) => `10.${Math.floor(i / 250)}.${i % 250}.${(i * 7) % 250}`;

describe('preserveFacts with a cap', () => {
  const facts: Fact[] = [
    { kind: 'instruction', value: 'Do not reboot the domain controller.' },
    ...Array.from({ length: 500 }, (_, i): Fact => ({ kind: 'ipv4', value: ip(i) })),
  ];

  it('lists every missing fact when they fit, and none is dropped', () => {
    const { text, repaired, dropped } = preserveFacts({
      summary: 'Nothing found.',
      facts: facts.slice(0, 3),
      cap: { maxTokens: 1000, counter },
    });
    expect(repaired).toHaveLength(3);
    expect(dropped).toEqual([]);
    expect(text).not.toContain('Left out');
  });

  it('keeps the section within the cap, the first facts by priority, and counts the rest', () => {
    const summary = 'Nothing found.';
    const { text, repaired, dropped } = preserveFacts({ summary, facts, cap: { maxTokens: 300, counter } });
    expect(counter.countText(text) - counter.countText(summary)).toBeLessThanOrEqual(300);
    expect(repaired[0]).toEqual(facts[0]);
    expect(repaired.length).toBeGreaterThan(20);
    expect(repaired.length + dropped.length).toBe(facts.length);
    expect(text).toContain(`- Left out for space: ${dropped.length} more`);
    // Uncapped, the section is many times larger.
    expect(counter.countText(preserveFacts({ summary, facts }).text)).toBeGreaterThan(5 * 300);
  });

  it('adds no section when not even its heading fits', () => {
    const { text, dropped } = preserveFacts({ summary: 'S.', facts, cap: { maxTokens: 3, counter } });
    expect(text).toBe('S.');
    expect(dropped).toHaveLength(facts.length);
  });
});

describe('prioritizeFacts', () => {
  it('puts instructions first, then the indicators mentioned most often and most lately', () => {
    const messages: ModelMessage[] = [
      {
        role: 'user',
        content: 'Never contact that host from the analyst workstation.\nOld note: 192.0.2.9, 192.0.2.1.',
      },
      { role: 'assistant', content: 'Checking 192.0.2.1 and 192.0.2.5.' },
      { role: 'assistant', content: 'Now 192.0.2.5 again, and 192.0.2.7.' },
    ];
    const ranked = prioritizeFacts(messages, extractFacts(messages)).map((fact) => fact.value);
    expect(ranked[0]).toBe('Never contact that host from the analyst workstation.');
    // 192.0.2.5: 2 mentions, last in message 3 (2 × 3/3); .1: 2, last in message 2 (2 × 2/3); .7: 1 × 3/3; .9: 1 × 1/3.
    expect(ranked.slice(1)).toEqual(['192.0.2.5', '192.0.2.1', '192.0.2.7', '192.0.2.9']);
  });
});
