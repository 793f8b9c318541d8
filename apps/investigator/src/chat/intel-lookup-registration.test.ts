import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../alerts/index.js';
import { createIntelFeeds } from '../intel/index.js';
import { openInvestigatorStore } from '../store/index.js';
import { intelLookupRegistration } from './intel-lookup-registration.js';
import { openAlertChat } from './open-alert-chat.js';

let store: DrizzleStore;
beforeAll(async () => {
  store = await openInvestigatorStore({ location: 'memory://' });
}, 120_000);
afterAll(async () => {
  await store.close();
});

describe('intelLookupRegistration', () => {
  it('gives the chat the offline feeds’ verdict on an indicator, as untrusted data', async () => {
    await createIntelFeeds(store).load({
      feed: 'lab',
      entries: [
        {
          kind: 'ipv4',
          value: '192.168.2.6',
          verdict: 'malicious',
          description: 'reverse-shell listener',
          tags: ['c2'],
        },
      ],
    });
    const alert = await createAlertStore(store).create(
      await ingestAlert({
        raw: '{"rule":"Java spawned bash","Computer":"UBUNTU5"}',
        schema: 'syslog',
        embedder: createHashingEmbedder(),
      }),
    );
    const model = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'i', toolName: 'intel_lookup', input: { indicator: '192.168.2[.]6' } }] },
        { text: '192.168.2.6 is a known reverse-shell listener.' },
      ],
    });
    const { chat, close } = await openAlertChat({
      store,
      alertId: alert.id,
      model,
      tools: [intelLookupRegistration({ store })],
    });
    await chat.send('Is 192.168.2.6 known?');
    await close();
    const second = JSON.stringify(model.doStreamCalls[1]?.prompt);
    expect(second).toMatch(
      /<untrusted-data source=\\"intel_lookup output\\">[^<]*\\"verdict\\": \\"malicious\\"/,
    );
    expect(second).toContain('reverse-shell listener');
    expect(JSON.stringify(model.doStreamCalls[0]?.prompt[0])).toContain(
      'intel_lookup gives a threat-intelligence verdict',
    );
  }, 60_000);
});
