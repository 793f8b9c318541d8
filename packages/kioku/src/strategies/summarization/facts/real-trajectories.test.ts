import type { ModelMessage } from 'ai';
import { beforeAll, expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../../../test/trajectories.js';
import { loadTranscripts } from '../../../transcripts/load-transcripts.js';
import type { Transcript } from '../../../transcripts/transcript.js';
import { extractFacts } from './extract-facts.js';
import type { Fact } from './fact.js';

/** Facts of every run of a format, as `kind:value`, with the runs they were found in. */
function factsByFormat(
  transcripts: readonly Transcript[],
  format: string,
  skipTask = false,
): Map<string, number> {
  const found = new Map<string, number>();
  for (const transcript of transcripts.filter((run) => run.format === format)) {
    const task = transcript.messages.findIndex((message) => message.role === 'user');
    const messages = skipTask
      ? transcript.messages.filter((_, index) => index !== task)
      : (transcript.messages as ModelMessage[]);
    for (const fact of extractFacts(messages)) {
      const key = `${fact.kind}:${fact.value}`;
      found.set(key, (found.get(key) ?? 0) + 1);
    }
  }
  return found;
}

const ofKind = (facts: Map<string, number>, kind: Fact['kind']) =>
  [...facts.keys()].filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1));

describeWithTrajectories('fact extraction on the recorded runs', () => {
  let transcripts: Transcript[];
  beforeAll(async () => {
    ({ transcripts } = await loadTranscripts([trajectoriesDir]));
  });

  it('finds the SOC investigations’ hosts, addresses and hashes (SecRL, incident 38)', () => {
    const facts = factsByFormat(transcripts, 'excytin-agent');
    const domains = ofKind(facts, 'domain');
    expect(domains).toContain('vnevado-win11a.vnevado.alpineskihouse.co');
    expect(domains).toContain('mb-adfs.internal.niseko.alpineskihouse.co');
    expect(domains.every((domain) => /\.(co|com|net|org)$/.test(domain))).toBe(true);
    expect(ofKind(facts, 'ipv4').length).toBeGreaterThan(50);
    expect(ofKind(facts, 'sha256').length).toBeGreaterThan(10);
    expect(ofKind(facts, 'sha1').length).toBeGreaterThan(10);
    expect(ofKind(facts, 'md5').length).toBeGreaterThan(10);
    // The observations come back as user messages; none of them reads as an instruction.
    expect(ofKind(factsByFormat(transcripts, 'excytin-agent', true), 'instruction')).toEqual([]);
  });

  it('takes no file name or attribute access in the coding runs for a domain', () => {
    const domains = new Set(
      ['mini-swe-agent', 'openhands-completion', 'swe-agent'].flatMap((format) =>
        ofKind(factsByFormat(transcripts, format), 'domain'),
      ),
    );
    expect([...domains].sort()).toEqual([
      'archive.ubuntu.com',
      'astropy.io',
      'astropy.org',
      'crypto.chal.csaw.io',
      'example.com',
      'pvwatts.nrel.gov',
      'pwn.chal.csaw.io',
      'web.chal.csaw.io',
    ]);
  });

  it("finds the customers' constraints in the airline conversations (tau-bench), and only those", () => {
    const instructions = ofKind(factsByFormat(transcripts, 'tau-bench', true), 'instruction');
    expect(instructions).toEqual(
      expect.arrayContaining([
        "Neither of those options works for me as I don't want to fly before 11 AM EST.",
        'Please use the credit card on file for payment.',
        'No, I do not want travel insurance.',
      ]),
    );
    expect(instructions.filter((text) => /\bI don't (remember|have)\b/.test(text))).toEqual([]);
  });
});
