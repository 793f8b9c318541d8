import { describe, expect, it } from 'vitest';
import { outputDigest } from './output-digest.js';

describe('outputDigest', () => {
  it('keeps the scalar leaves of a JSON lookup under their nearest key', () => {
    const text = JSON.stringify({
      user_id: 'mia_li_3668',
      payment_methods: {
        credit_card_7434610: { id: 'credit_card_7434610', brand: 'visa', last_four: '7447' },
      },
      reservations: ['NO6JO3', 'AIXC49'],
      membership: 'gold',
      verified: true,
    });
    expect(outputDigest(text)).toEqual([
      'user_id=mia_li_3668',
      'id=credit_card_7434610',
      'brand=visa',
      'last_four=7447',
      'reservations=NO6JO3',
      'reservations=AIXC49',
      'membership=gold',
    ]);
  });

  it('takes key–value lines, IOCs, paths, ids and numbers of a log, each once', () => {
    const text = [
      'status: active',
      'Process started by a user who logged in remotely',
      'connection from 10.0.0.5 to evil.com (port 4444)',
      'wrote /tmp/payload.bin and src/app/main.py; pid 31337',
      'connection from 10.0.0.5 again, 12 ms',
    ].join('\n');
    expect(outputDigest(text)).toEqual([
      'status=active',
      '10.0.0.5',
      'evil.com',
      '/tmp/payload.bin',
      'src/app/main.py',
      '4444',
      '31337',
    ]);
  });

  it('stops at maxCharacters, counting the separators', () => {
    const text = Array.from({ length: 50 }, (_, index) => `item_${1000 + index}`).join(' ');
    const items = outputDigest(text, { maxCharacters: 40 });
    expect(items).toEqual(['item_1000', 'item_1001', 'item_1002']);
    expect(items.join('; ').length).toBeLessThanOrEqual(40);
    expect(outputDigest(text, { maxCharacters: 0 })).toEqual([]);
  });

  it('leaves out prose values and long blobs', () => {
    expect(outputDigest(`note: the customer asked twice about it\nblob=${'x1'.repeat(60)}`)).toEqual([]);
  });

  it('digests the text inside an MCP result, not its wrapper', () => {
    const text = JSON.stringify([
      {
        type: 'text',
        text: 'Found 2 matches:\nsrc/auth/session.ts:41 refreshToken() calls validateSession\nhost api-7 logged 10.0.0.5 at 12:01',
      },
    ]);
    // The host is kept inside the address's item.
    expect(outputDigest(text)).toEqual([
      '10.0.0.5 (with api-7)',
      'src/auth/session.ts',
      'refreshToken',
      'validateSession',
    ]);
  });

  it('keeps the names a prose answer gives', () => {
    const text =
      'The deployment failed because the migration in db/migrations/0042_add_index.py could not lock the ' +
      'user_sessions table on server db-prod-3; the owner is account svc_deploy.';
    // One sentence names one machine: the account and the file are paired with it.
    expect(outputDigest(text)).toEqual([
      'db-prod-3',
      'svc_deploy (with db-prod-3)',
      'db/migrations/0042_add_index.py (with db-prod-3)',
      'user_sessions',
    ]);
  });
});
