import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../alerts/index.js';
import { openInvestigatorStore } from '../store/index.js';
import { alertPromptView } from './alert-prompt-view.js';
import { openAlertChat } from './open-alert-chat.js';

let store: DrizzleStore;
beforeAll(async () => {
  store = await openInvestigatorStore({ location: 'memory://' });
}, 120_000);
afterAll(async () => {
  await store.close();
});

/** An EDR alert of about 1 MiB: 4,000 process events, the one that matters near the end. */
function largeAlert(): string {
  const events = Array.from({ length: 4000 }, (_, i) => ({
    time: new Date(Date.UTC(2026, 10, 26, 0, 0, i)).toISOString(),
    image: `C:\\Windows\\System32\\svchost-${i}.exe`,
    commandLine: `svchost.exe -k netsvcs -p -s Service${i} ${'x'.repeat(100)}`,
    pid: 1000 + i,
  }));
  events[3987] = {
    ...events[3987],
    commandLine: 'rundll32.exe C:\\Users\\Public\\beacon.dll,StartW',
  } as (typeof events)[number];
  return JSON.stringify({ title: 'Suspicious rundll32 among many processes', host: 'MKT01', events });
}

describe('a chat over an alert of any size', () => {
  it('answers about a 1 MiB alert on a 32k-token model: a bounded view in the prompt, alert_json reads the rest', async () => {
    const raw = largeAlert();
    expect(raw.length).toBeGreaterThan(900_000);
    const alert = await createAlertStore(store).create(
      await ingestAlert({ raw, schema: 'edr', embedder: createHashingEmbedder() }),
    );
    const model = scriptedModel({
      replies: [
        {
          toolCalls: [
            { toolCallId: 'a', toolName: 'alert_json', input: { path: 'events.3987.commandLine' } },
          ],
        },
        { text: 'Event 3987 ran rundll32.exe with C:\\Users\\Public\\beacon.dll.' },
      ],
    });
    const { chat, close } = await openAlertChat({ store, alertId: alert.id, model, contextWindow: 32_768 });
    const turn = await chat.send('Which process in this alert looks malicious?');
    await close();
    expect(turn.text).toContain('beacon.dll');
    const system = JSON.stringify(model.doStreamCalls[0]?.prompt[0]);
    expect(system.length).toBeLessThan(20_000);
    expect(system).toContain('…[cut: 3980 more items]');
    expect(system).toContain('Read any field in full with alert_json');
    expect(JSON.stringify(model.doStreamCalls[1]?.prompt)).toContain(
      'rundll32.exe C:\\\\\\\\Users\\\\\\\\Public\\\\\\\\beacon.dll,StartW',
    );
  }, 120_000);

  it('keeps a small alert whole, and cuts nothing it does not say it cut', async () => {
    const alert = await createAlertStore(store).create(
      await ingestAlert({
        raw: '{"title":"small","host":"MKT01","src":"203.0.113.9"}',
        schema: 'edr',
        embedder: createHashingEmbedder(),
      }),
    );
    expect(alertPromptView(alert)).toEqual({ raw: alert.raw, iocs: 'ipv4: 203.0.113.9', notes: [] });
  });
});
