import { describe, expect, it } from 'vitest';
import { dedupeClaims } from './dedupe-claims.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { claimKey, normalizeClaim } from './normalize-claim.js';

const embedder = createHashingEmbedder();
const comparable = async (claims: string[]) => {
  const embeddings = await embedder.embed(claims);
  return claims.map((claim, index) => ({ key: claimKey(claim), embedding: embeddings[index] ?? [] }));
};

describe('normalizeClaim', () => {
  it('makes claims that differ only in typography equal', () => {
    expect(normalizeClaim('The table `SigninLogs` has  UserPrincipalName.')).toBe(
      'the table signinlogs has userprincipalname',
    );
    expect(normalizeClaim('the table SigninLogs has userprincipalname')).toBe(
      'the table signinlogs has userprincipalname',
    );
    expect(claimKey('“ResultType” is a string!')).toBe(claimKey('resulttype is a string'));
    expect(claimKey('ResultType is a string')).not.toBe(claimKey('ResultType is an integer'));
  });
});

describe('dedupeClaims', () => {
  it('merges a claim into the most similar stored memory at or above the threshold', async () => {
    const stored = await comparable([
      'DeviceNetworkEvents.RemoteIP holds the destination address of a connection',
      'DeviceNetworkEvents.RemotePort holds the destination port',
    ]);
    const claims = await comparable([
      'DeviceNetworkEvents.RemoteIP holds the destination address of a network connection',
      'devicenetworkevents.remoteport holds the destination port.',
      'EmailEvents.SenderFromAddress is the visible sender',
      'DeviceNetworkEvents.RemoteIP contains the destination address of a connection',
    ]);
    const plans = dedupeClaims({
      claims,
      stored: stored.map((memory, index) => ({ ...memory, id: 10 + index })),
      minSimilarity: 0.95,
    });
    expect(plans[0]).toMatchObject({ action: 'merge', into: 10 });
    expect((plans[0] as { similarity: number }).similarity).toBeGreaterThanOrEqual(0.95);
    expect(plans[0]).not.toMatchObject({ similarity: 1 });
    expect(plans[1]).toEqual({ action: 'merge', into: 11, similarity: 1 });
    expect(plans[2]).toEqual({ action: 'insert' });
    // A rewording that changes a content word is about 0.90 similar: related, not a duplicate.
    expect(plans[3]).toEqual({ action: 'insert' });
  });

  it('stores claims that are merely related, and skips a repeat within the batch', async () => {
    const claims = await comparable([
      'SigninLogs.ResultType is a string',
      'SigninLogs.ResultType "0" means success',
      'SigninLogs.ResultType is a string.',
    ]);
    expect(dedupeClaims({ claims, stored: [], minSimilarity: 0.95 })).toEqual([
      { action: 'insert' },
      { action: 'insert' },
      { action: 'skip', sameAs: 0, similarity: 1 },
    ]);
  });
});
