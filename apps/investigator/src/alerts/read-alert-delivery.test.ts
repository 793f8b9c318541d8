import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidAlertError } from './invalid-alert-error.js';
import { readAlertDelivery } from './read-alert-delivery.js';
import { type SnsMessage, snsStringToSign } from './verify-sns-message.js';

const text = (name: string) =>
  readFileSync(new URL(`./__fixtures__/envelopes/${name}`, import.meta.url), 'utf8');
const bytes = (body: string) => new TextEncoder().encode(body);
const input = 'POST /hooks/alert/x body';

// SNS's signing key stands in for Amazon's: a key made now, its public half served as the certificate.
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const certificate = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const fetched: string[] = [];
const fetchSnsCertificate = async (url: string) => {
  fetched.push(url);
  return certificate;
};
const signed = (message: SnsMessage): string => {
  const signature = createSign('RSA-SHA1')
    .update(snsStringToSign(message), 'utf8')
    .sign(privateKey, 'base64');
  return JSON.stringify({ ...message, Signature: signature });
};
const read = (body: string) => readAlertDelivery({ bytes: bytes(body), input, fetchSnsCertificate });
const failure = async (body: string) => {
  try {
    await read(body);
  } catch (error) {
    expect(InvalidAlertError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('readAlertDelivery', () => {
  it('reads one object as one alert, kept byte for byte', async () => {
    const body = text('guardduty-finding.json');
    expect(await read(body)).toEqual({
      kind: 'alerts',
      batch: false,
      alerts: [{ raw: body, value: JSON.parse(body), input }],
    });
  });

  it('reads an array as a batch, each element byte for byte, and names the first element that is not an alert', async () => {
    const body = text('scc-findings.json');
    const delivery = await read(body);
    if (delivery.kind !== 'alerts') throw new Error('not alerts');
    expect(delivery.batch).toBe(true);
    expect(delivery.alerts.map((alert) => alert.input)).toEqual([
      `${input}[0]`,
      `${input}[1]`,
      `${input}[2]`,
    ]);
    for (const [index, alert] of delivery.alerts.entries()) {
      expect(body).toContain(alert.raw);
      expect(JSON.parse(alert.raw)).toEqual(JSON.parse(body)[index]);
    }
    expect(await failure('[{"a":1}, "x" ,{"b":2}]')).toBe(
      `${input}[1]: expected a JSON object (one alert), found a string`,
    );
    expect(await failure('[]')).toBe(`${input}:1:1: expected at least one alert in the array, found []`);
    const spaced = await read('[ {"a": "]"} ,\n {"b":[1,{"c":2}]}\n]');
    if (spaced.kind !== 'alerts') throw new Error('not alerts');
    expect(spaced.alerts.map((alert) => alert.raw)).toEqual(['{"a": "]"}', '{"b":[1,{"c":2}]}']);
  });

  it('verifies an SNS notification and reads its Message as the alert', async () => {
    const message = JSON.parse(text('sns-notification.json')) as SnsMessage;
    const delivery = await read(signed(message));
    expect(delivery).toEqual({
      kind: 'alerts',
      batch: false,
      alerts: [{ raw: message.Message, value: JSON.parse(message.Message), input: `${input} Message` }],
    });
    expect(fetched.at(-1)).toBe(message.SigningCertURL);
  });

  it('refuses an SNS message whose signature does not verify or whose certificate is not on an SNS host', async () => {
    const message = JSON.parse(text('sns-notification.json')) as SnsMessage;
    const forged = JSON.parse(signed(message)) as SnsMessage;
    forged.Message = forged.Message.replace('203.0.113.50', '203.0.113.51');
    expect(await failure(JSON.stringify(forged))).toBe(
      `${input} Signature: expected a signature made by Amazon SNS's key, found one that does not verify`,
    );
    const elsewhere = {
      ...message,
      SigningCertURL: 'https://sns.us-east-1.amazonaws.com.evil.example/cert.pem',
    };
    const before = fetched.length;
    expect(await failure(signed(elsewhere))).toMatch(
      /SigningCertURL: expected an https URL on an Amazon SNS host/,
    );
    expect(fetched.length).toBe(before);
    const { Signature: _dropped, ...unsigned } = JSON.parse(signed(message)) as SnsMessage;
    expect(await failure(JSON.stringify(unsigned))).toBe(
      `${input} Signature: expected a string (an Amazon SNS Notification has one), found nothing`,
    );
  });

  it('returns a verified SNS subscription confirmation to confirm, never as an alert', async () => {
    const message = JSON.parse(text('sns-subscription-confirmation.json')) as SnsMessage;
    expect(await read(signed(message))).toEqual({
      kind: 'sns-subscription',
      type: 'SubscriptionConfirmation',
      topicArn: message.TopicArn,
      subscribeUrl: message.SubscribeURL,
    });
    const elsewhere = { ...message, SubscribeURL: 'http://127.0.0.1/confirm' };
    expect(await failure(signed(elsewhere))).toMatch(
      /SubscribeURL: expected an https URL on an Amazon SNS host/,
    );
  });

  it('decodes a Pub/Sub push message (base64 data) as the alert', async () => {
    const push = text('pubsub-push.json');
    const delivery = await read(push);
    expect(delivery).toEqual({
      kind: 'alerts',
      batch: false,
      alerts: [
        {
          raw: JSON.stringify(JSON.parse(text('scc-notification.json'))),
          value: JSON.parse(text('scc-notification.json')),
          input: `${input} message.data`,
        },
      ],
    });
    const broken = JSON.parse(push) as { message: { data: string } };
    broken.message.data = 'not base64!';
    expect(await failure(JSON.stringify(broken))).toBe(
      `${input} message.data: expected the alert as base64 (a Pub/Sub push message), found text that is not base64`,
    );
    broken.message.data = Buffer.from('{"a": tru}').toString('base64');
    expect(await failure(JSON.stringify(broken))).toMatch(
      new RegExp(`^${input} message.data:1:7: expected valid JSON`),
    );
  });
});
