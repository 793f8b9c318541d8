import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateHistory } from 'kioku/strategies';
import { importTranscript } from 'kioku/transcripts';
import { describe, expect, it } from 'vitest';
import { socInvestigationSample } from './soc-investigation-sample.js';

const committed = fileURLToPath(new URL('../soc-investigation.json', import.meta.url));
const shipped = fileURLToPath(new URL('../../packages/kioku/dist/samples/soc-investigation.json', import.meta.url));

describe('socInvestigationSample', () => {
  it('is the committed samples/soc-investigation.json, byte for byte (regenerate with the samples script)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(`${JSON.stringify(socInvestigationSample(), null, 2)}\n`);
  });

  it('is what the build ships for `kioku analyze` with no path', () => {
    expect(readFileSync(shipped, 'utf8')).toBe(readFileSync(committed, 'utf8'));
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(socInvestigationSample({ seed: 3 })).toEqual(socInvestigationSample({ seed: 3 }));
    expect(socInvestigationSample({ seed: 3 })).not.toEqual(socInvestigationSample({ seed: 4 }));
  });

  it('reads as a valid OpenAI chat transcript with tools, parallel calls and 60–120 messages', () => {
    const [transcript] = importTranscript(readFileSync(committed, 'utf8'), { file: committed });
    expect(transcript?.format).toBe('openai-chat');
    expect(transcript?.model).toBe('claude-sonnet-4-20250514');
    expect(transcript?.tools?.map((tool) => tool.name)).toContain('query_logs');
    const messages = transcript?.messages ?? [];
    expect(messages.length).toBeGreaterThanOrEqual(60);
    expect(messages.length).toBeLessThanOrEqual(120);
    expect(validateHistory(messages)).toEqual([]);
    const parallel = messages.filter(
      (message) =>
        message.role === 'assistant' &&
        Array.isArray(message.content) &&
        message.content.filter((part) => part.type === 'tool-call').length > 1,
    );
    expect(parallel.length).toBeGreaterThanOrEqual(5);
  });

  it('carries IOCs in documentation ranges and reserved example domains only', () => {
    const text = JSON.stringify(socInvestigationSample());
    expect(text).toMatch(/203\.0\.113\.\d+/);
    expect(text).toMatch(/\b[0-9a-f]{64}\b/);
    expect(text).toContain('cdn-telemetry-sync.example');
    // Version numbers in user agents (Chrome/122.0.0.0) look like addresses; they follow a slash.
    const ips = text.match(/(?<![\d./])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g) ?? [];
    for (const ip of ips) expect(ip).toMatch(/^(203\.0\.113|198\.51\.100|192\.0\.2|10\.\d+\.\d+)\./);
    const domains = text.match(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|ru|cn)\b/g) ?? [];
    // RFC 2606 reserves example.com, example.net and example.org as well as the .example TLD.
    expect(domains.filter((domain) => !/(^|\.)example\.(com|net|org)$/.test(domain))).toEqual([]);
  });
});
