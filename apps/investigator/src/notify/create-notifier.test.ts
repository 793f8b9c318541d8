import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackReceiver, startLoopbackReceiver } from './__fixtures__/loopback-receiver.js';
import { createNotifier, type DeliveryOutcome } from './create-notifier.js';
import { verifyPayload } from './sign-payload.js';

const alert = { id: 'a1b2c3', title: 'LSASS read by <winx64_payload.exe> & co', severity: 'critical' };

describe('createNotifier (loopback receivers)', () => {
  let slack: LoopbackReceiver;
  let hook: LoopbackReceiver;
  beforeAll(async () => {
    slack = await startLoopbackReceiver({ statuses: [503, 500] });
    hook = await startLoopbackReceiver({ statuses: [429] });
  });
  afterAll(async () => {
    await slack.close();
    await hook.close();
  });

  it('delivers to Slack and to a signed webhook, retrying 5xx and 429 with backoff', async () => {
    const outcomes: DeliveryOutcome[] = [];
    const waits: number[] = [];
    const notifier = createNotifier({
      slackWebhookUrl: slack.url,
      webhook: { url: hook.url, secret: 'a shared secret of enough length' },
      consoleUrl: 'https://console.example.org/',
      onDelivery: (outcome) => outcomes.push(outcome),
      sleep: async (ms) => {
        waits.push(ms);
      },
      now: () => 1_700_000_000_000,
    });
    notifier.notify({ type: 'alert.created', alert });
    await notifier.flush();
    expect(outcomes.map(({ target, ok, attempts }) => `${target} ${ok} ${attempts}`).sort()).toEqual([
      'slack true 3',
      'webhook true 2',
    ]);
    expect(waits.sort((a, b) => a - b)).toEqual([1000, 1000, 4000]);
    const message = JSON.parse(slack.received.at(-1)?.body ?? '{}') as {
      text: string;
      blocks: { text: { text: string } }[];
    };
    expect(message.text).toBe(
      'New critical alert: LSASS read by &lt;winx64_payload.exe&gt; &amp; co (a1b2c3)',
    );
    expect(message.blocks[0]?.text.text).toContain(
      '<https://console.example.org/#/alerts/a1b2c3|LSASS read by &lt;winx64_payload.exe&gt; &amp; co>',
    );
    const delivered = hook.received.at(-1);
    const signature = String(delivered?.headers['x-investigator-signature']);
    expect(delivered?.headers['x-investigator-event']).toBe('alert.created');
    expect(
      verifyPayload({
        body: delivered?.body ?? '',
        secret: 'a shared secret of enough length',
        header: signature,
        now: 1_700_000_000,
      }),
    ).toBe(true);
    expect(
      verifyPayload({
        body: `${delivered?.body} `,
        secret: 'a shared secret of enough length',
        header: signature,
        now: 1_700_000_000,
      }),
    ).toBe(false);
    expect(
      verifyPayload({
        body: delivered?.body ?? '',
        secret: 'another secret',
        header: signature,
        now: 1_700_000_000,
      }),
    ).toBe(false);
    expect(
      verifyPayload({
        body: delivered?.body ?? '',
        secret: 'a shared secret of enough length',
        header: signature,
        now: 1_700_000_000 + 301,
      }),
    ).toBe(false);
    expect(JSON.parse(delivered?.body ?? '{}')).toEqual({
      type: 'alert.created',
      alert,
      at: '2023-11-14T22:13:20.000Z',
    });
  });

  it('gives up after its attempts, and does not retry a 4xx other than 429', async () => {
    const flaky = await startLoopbackReceiver({ statuses: [503, 503, 503, 400] });
    const gone = await startLoopbackReceiver({ statuses: [404] });
    try {
      const outcomes: DeliveryOutcome[] = [];
      const sleep = async () => {};
      const first = createNotifier({
        slackWebhookUrl: flaky.url,
        attempts: 3,
        onDelivery: (o) => outcomes.push(o),
        sleep,
      });
      first.notify({
        type: 'alert.resolved',
        alert,
        conclusion: 'true_positive',
        reason: 'mimikatz',
        by: 'jane',
      });
      const second = createNotifier({
        slackWebhookUrl: gone.url,
        onDelivery: (o) => outcomes.push(o),
        sleep,
      });
      second.notify({ type: 'alert.assigned', alert, assignee: 'jane', by: 'lead' });
      await Promise.all([first.flush(), second.flush()]);
      expect(outcomes.map(({ ok, attempts, detail }) => `${ok} ${attempts} ${detail}`).sort()).toEqual([
        'false 1 HTTP 404',
        'false 3 HTTP 503',
      ]);
      expect(flaky.received).toHaveLength(3);
      expect(gone.received).toHaveLength(1);
    } finally {
      await flaky.close();
      await gone.close();
    }
  });
});
