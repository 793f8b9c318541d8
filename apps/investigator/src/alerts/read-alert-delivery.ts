import { InvalidAlertError } from './invalid-alert-error.js';
import { parseJsonInput } from './parse-alert-input.js';
import {
  type FetchSnsCertificate,
  isSnsUrl,
  type SnsMessage,
  verifySnsMessage,
} from './verify-sns-message.js';

/** One alert of a delivery: its raw JSON (byte for byte as sent inside the delivery), parsed, and its name in errors. */
export interface DeliveredAlert {
  raw: string;
  value: Record<string, unknown>;
  /** e.g. `POST /hooks/alert/scc body[3]`. */
  input: string;
}

/** What a webhook request delivered: alerts, or an SNS subscription message to act on. */
export type AlertDelivery =
  | {
      kind: 'alerts';
      alerts: DeliveredAlert[];
      /** Whether they came as an array (answered as a list even when it held one). */
      batch: boolean;
    }
  | {
      kind: 'sns-subscription';
      type: 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
      topicArn: string;
      subscribeUrl: string;
    };

/** Options of {@link readAlertDelivery}. */
export interface ReadAlertDeliveryOptions {
  bytes: Uint8Array;
  /** Names the input in errors (`POST /hooks/alert/guardduty body`). */
  input: string;
  /** Largest accepted body, and largest alert inside an envelope (default 1 MiB). */
  maxBytes?: number;
  /** Most alerts in one array (default 1,000). */
  maxBatch?: number;
  /** Fetches the certificate an SNS message is signed with (its URL checked to be Amazon's first). */
  fetchSnsCertificate: FetchSnsCertificate;
}

const snsTypes = new Set(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']);

/**
 * Reads a webhook body as the alerts it delivers: one JSON object (one alert); a JSON array of objects (a
 * batch, each element kept byte for byte); an Amazon SNS message (signature verified; a Notification's
 * `Message` is the alert, a SubscriptionConfirmation is returned to confirm); or a Google Pub/Sub push
 * message (`message.data`, base64, is the alert). Throws {@link InvalidAlertError} naming the input and
 * position (`body[3]`, `body Message:1:17`) for anything else: a batch is accepted whole or not at all.
 */
export async function readAlertDelivery({
  bytes,
  input,
  maxBytes = 1024 * 1024,
  maxBatch = 1000,
  fetchSnsCertificate,
}: ReadAlertDeliveryOptions): Promise<AlertDelivery> {
  const { raw, value } = parseJsonInput({ bytes, input, maxBytes });
  if (Array.isArray(value))
    return { kind: 'alerts', alerts: batch(raw, value, input, maxBatch), batch: true };
  const object = asObject(value, input, 'a JSON object (one alert) or an array of them');
  if (typeof object.Type === 'string' && snsTypes.has(object.Type) && typeof object.TopicArn === 'string') {
    const message = snsMessage(object, input);
    await verifySnsMessage(message, { input, fetchCertificate: fetchSnsCertificate });
    if (message.Type !== 'Notification') {
      if (message.SubscribeURL === undefined || !isSnsUrl(message.SubscribeURL)) {
        throw new InvalidAlertError({
          input: `${input} SubscribeURL`,
          expected: 'an https URL on an Amazon SNS host',
          found: JSON.stringify((message.SubscribeURL ?? '').slice(0, 200)),
        });
      }
      return {
        kind: 'sns-subscription',
        type: message.Type,
        topicArn: message.TopicArn,
        subscribeUrl: message.SubscribeURL,
      };
    }
    return inner(new TextEncoder().encode(message.Message), `${input} Message`, maxBytes, maxBatch);
  }
  const pubsub = object.message;
  if (
    typeof object.subscription === 'string' &&
    typeof pubsub === 'object' &&
    pubsub !== null &&
    !Array.isArray(pubsub)
  ) {
    const data = (pubsub as Record<string, unknown>).data;
    if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) {
      throw new InvalidAlertError({
        input: `${input} message.data`,
        expected: 'the alert as base64 (a Pub/Sub push message)',
        found:
          typeof data === 'string' ? 'text that is not base64' : JSON.stringify(data ?? null).slice(0, 40),
      });
    }
    return inner(Buffer.from(data, 'base64'), `${input} message.data`, maxBytes, maxBatch);
  }
  return { kind: 'alerts', alerts: [{ raw, value: object, input }], batch: false };
}

async function inner(
  bytes: Uint8Array,
  input: string,
  maxBytes: number,
  maxBatch: number,
): Promise<AlertDelivery> {
  const { raw, value } = parseJsonInput({ bytes, input, maxBytes });
  if (Array.isArray(value))
    return { kind: 'alerts', alerts: batch(raw, value, input, maxBatch), batch: true };
  return {
    kind: 'alerts',
    alerts: [{ raw, value: asObject(value, input, 'a JSON object (one alert)'), input }],
    batch: false,
  };
}

function batch(raw: string, items: unknown[], input: string, maxBatch: number): DeliveredAlert[] {
  if (items.length === 0) {
    throw new InvalidAlertError({
      input,
      line: 1,
      column: 1,
      expected: 'at least one alert in the array',
      found: '[]',
    });
  }
  if (items.length > maxBatch) {
    throw new InvalidAlertError({
      input,
      expected: `at most ${maxBatch} alerts in one array`,
      found: `${items.length}`,
    });
  }
  const texts = arrayElements(raw);
  return items.map((item, index) => ({
    raw: texts[index] ?? JSON.stringify(item),
    value: asObject(item, `${input}[${index}]`, 'a JSON object (one alert)'),
    input: `${input}[${index}]`,
  }));
}

function asObject(value: unknown, input: string, expected: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidAlertError({
      input,
      expected,
      found: Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`,
    });
  }
  return value as Record<string, unknown>;
}

function snsMessage(object: Record<string, unknown>, input: string): SnsMessage {
  const required = [
    'Type',
    'MessageId',
    'TopicArn',
    'Message',
    'Timestamp',
    'SignatureVersion',
    'Signature',
    'SigningCertURL',
  ];
  if (object.Type !== 'Notification') required.push('SubscribeURL', 'Token');
  for (const name of [...required, 'Subject']) {
    const field = object[name];
    if (field === undefined && name === 'Subject') continue;
    if (typeof field !== 'string') {
      throw new InvalidAlertError({
        input: `${input} ${name}`,
        expected: `a string (an Amazon SNS ${String(object.Type)} has one)`,
        found: field === undefined ? 'nothing' : JSON.stringify(field).slice(0, 40),
      });
    }
  }
  return object as unknown as SnsMessage;
}

/**
 * The exact text of each element of a JSON array (already parsed, so valid), found by one pass that tracks
 * strings and nesting: a batch's alerts are kept byte for byte as sent.
 */
function arrayElements(text: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      if (depth === 1 && start < 0) start = index;
    } else if (char === '[' || char === '{') {
      if (depth === 1 && start < 0) start = index;
      depth += 1;
    } else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0 && start >= 0) elements.push(text.slice(start, index).trimEnd());
    } else if (char === ',' && depth === 1) {
      elements.push(text.slice(start, index).trimEnd());
      start = -1;
    } else if (depth === 1 && start < 0 && !/\s/.test(char ?? '')) start = index;
  }
  return elements;
}
