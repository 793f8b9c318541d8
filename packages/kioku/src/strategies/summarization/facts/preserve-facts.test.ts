import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../../../test/quarter-counter.js';
import { summaryMessage } from '../summary-message.js';
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
  it('puts instructions first, then what the user named, then what the agent acted on or still uses, then the frequent', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Never contact that host from the analyst workstation. Triage 192.0.2.9.' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'q1', toolName: 'query', input: { ip: '192.0.2.5' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'q1',
            toolName: 'query',
            output: { type: 'text', value: '192.0.2.5 192.0.2.6 192.0.2.7' },
          },
        ],
      },
      { role: 'user', content: 'Also 192.0.2.8.' },
    ];
    // A dump that repeats 192.0.2.6 is what the conversation mentions most, but nobody acted on it.
    messages.splice(3, 0, {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'q1',
          toolName: 'query',
          output: { type: 'text', value: '192.0.2.6' },
        },
      ],
    });
    const later: ModelMessage[] = [{ role: 'assistant', content: 'Blocking 192.0.2.7.' }];
    const ranked = prioritizeFacts(messages, extractFacts(messages), { later }).map((fact) => fact.value);
    expect(ranked[0]).toBe('Never contact that host from the analyst workstation.');
    // The user's (.8 mentioned later than .9), the agent's call (.5) and the later messages' (.7), the rest.
    expect(ranked.slice(1)).toEqual(['192.0.2.8', '192.0.2.9', '192.0.2.5', '192.0.2.7', '192.0.2.6']);
  });
});

describe('preserveFacts across compactions', () => {
  // From a mini-swe-agent run (pylint-dev__astroid-1333): the agent names the file `ChangeLog` in its
  // command; the summary says "the changelog", which the checker matches but the next compaction, reading
  // the summary back, does not extract: the identifier was lost at the compaction after.
  const slice: ModelMessage[] = [
    {
      role: 'assistant',
      content: [
        { type: 'text', text: "That's just copyright updates. Let me look at the changelog:" },
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'bash',
          input: { command: 'cd /testbed && grep -B5 -A5 "2.9.1" ChangeLog | head -30' },
        },
      ],
    },
  ];
  const summary = '- assistant: Let me look for more changes in the changelog around 2.9.1.';

  it('lists a fact the summary holds only in words the next compaction would not read back', () => {
    const changeLog = extractFacts(slice).find((fact) => fact.value === 'ChangeLog');
    expect(changeLog).toEqual({ kind: 'identifier', value: 'ChangeLog' });
    const { text, repaired } = preserveFacts({ summary, facts: [changeLog as Fact] });
    expect(repaired).toEqual([changeLog]);
    const next = extractFacts([summaryMessage(text)]);
    expect(next.map((fact) => fact.value)).toContain('ChangeLog');
  });

  it('counts a fact as held when the summary names it as the extractor reads it', () => {
    const { present, repaired } = preserveFacts({
      summary: 'The agent grepped ChangeLog for 2.9.1.',
      facts: [{ kind: 'identifier', value: 'ChangeLog' }],
    });
    expect(present).toHaveLength(1);
    expect(repaired).toEqual([]);
  });
});
