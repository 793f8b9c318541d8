import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cosineSimilarity, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { InvalidMemoryInputError } from '../errors/index.js';
import { messageText } from '../messages/index.js';
import { importTranscript } from '../transcripts/index.js';
import { createHashingEmbedder } from './hashing-embedder.js';

const requests = [
  'Find failed sign-ins for user alice@contoso.com in SigninLogs over the last 24 hours',
  'Which users had failed logins in SigninLogs yesterday?',
  'List processes spawned by powershell.exe on host WS-042 from DeviceProcessEvents',
  'Show process creation events for powershell on WS-042',
  'What outbound network connections did 10.0.0.5 make according to DeviceNetworkEvents?',
  'Summarize the email attachments received by bob in EmailAttachmentInfo',
  'Count the rows in AuditLogs grouped by OperationName',
  'Investigate the alert about a suspicious download cradle',
];

const similarity = (a: number[] | undefined, b: number[] | undefined) => cosineSimilarity(a ?? [], b ?? []);

describe('createHashingEmbedder', () => {
  const embedder = createHashingEmbedder();

  it('returns L2-normalized vectors of the configured dimension, the same for the same text', async () => {
    expect(embedder).toMatchObject({ id: 'kioku-hashing-v1', dimensions: 384, kind: 'lexical' });
    const [first, again, other] = await embedder.embed([
      requests[0] ?? '',
      requests[0] ?? '',
      requests[1] ?? '',
    ]);
    expect(first).toHaveLength(384);
    expect(Math.hypot(...(first ?? []))).toBeCloseTo(1, 10);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    const [wide] = await createHashingEmbedder({ dimensions: 768 }).embed(['x']);
    expect(wide).toHaveLength(768);
  });

  it('puts requests about the same tables and words closer than unrelated ones', async () => {
    const vectors = await embedder.embed(requests);
    const pairs = (a: number, b: number) => similarity(vectors[a], vectors[b]);
    expect(pairs(0, 1)).toBeGreaterThan(0.35);
    expect(pairs(2, 3)).toBeGreaterThan(0.35);
    for (const unrelated of [pairs(0, 2), pairs(0, 5), pairs(1, 6), pairs(4, 5), pairs(5, 7)]) {
      expect(Math.abs(unrelated)).toBeLessThan(0.2);
    }
  });

  it('splits identifiers into their words: SigninLogs meets "signin logs", user_id meets "user id"', async () => {
    const [camel, spaced, snake, words, unrelated] = await embedder.embed([
      'SigninLogs',
      'signin logs',
      'user_id',
      'user id',
      'DnsEvents',
    ]);
    expect(similarity(camel, spaced)).toBeGreaterThan(0.5);
    expect(similarity(snake, words)).toBeGreaterThan(0.5);
    expect(similarity(camel, unrelated)).toBeLessThan(0.2);
  });

  it('adds noise of about ±0.05 at 384 dimensions, measured against a nearly collision-free embedding', async () => {
    const file = fileURLToPath(new URL('../../../../samples/soc-investigation.json', import.meta.url));
    const { messages } = importTranscript(readFileSync(file), { file })[0] as { messages: ModelMessage[] };
    const texts = messages
      .map((message) => messageText(message).slice(0, 300))
      .filter((text) => text.length > 20);
    const exact = await createHashingEmbedder({ dimensions: 16_000 }).embed(texts);
    const spread = async (dimensions: number) => {
      const hashed = await createHashingEmbedder({ dimensions }).embed(texts);
      let squares = 0;
      let pairs = 0;
      for (let a = 0; a < texts.length; a++) {
        for (let b = a + 1; b < texts.length; b++) {
          squares += (similarity(hashed[a], hashed[b]) - similarity(exact[a], exact[b])) ** 2;
          pairs++;
        }
      }
      return Math.sqrt(squares / pairs);
    };
    const [at384, at768] = [await spread(384), await spread(768)];
    expect(texts.length).toBeGreaterThan(50);
    expect(at384).toBeLessThan(0.06);
    expect(at768).toBeLessThan(at384);
  });

  it('gives a zero vector for a text without words, and refuses a bad dimension', async () => {
    const [empty] = await embedder.embed(['  ?! ']);
    expect(empty?.every((value) => value === 0)).toBe(true);
    expect(() => createHashingEmbedder({ dimensions: 0 })).toThrow(InvalidMemoryInputError);
    expect(() => createHashingEmbedder({ dimensions: 12.5 })).toThrow(/dimensions: expected an integer/);
  });
});
