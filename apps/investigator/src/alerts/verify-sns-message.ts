import { createPublicKey, createVerify } from 'node:crypto';
import { InvalidAlertError } from './invalid-alert-error.js';

/** An Amazon SNS message delivered to an HTTP(S) endpoint (the fields its signature covers). */
export interface SnsMessage {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
}

/** Fetches the PEM certificate at an SNS `SigningCertURL` (already checked to be Amazon's). */
export type FetchSnsCertificate = (url: string) => Promise<string>;

/** Amazon's SNS hosts: certificates are fetched, and subscriptions confirmed, only there. */
const snsHost = /^sns\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?$/;

/** Whether `url` is an https URL on an SNS host (`https://sns.us-east-1.amazonaws.com/…`). */
export function isSnsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && snsHost.test(parsed.hostname) && parsed.port === '';
  } catch {
    return false;
  }
}

/** The text SNS signs for a message of its type: the listed fields as `name\nvalue\n`, in order. */
export function snsStringToSign(message: SnsMessage): string {
  const fields =
    message.Type === 'Notification'
      ? [
          'Message',
          'MessageId',
          ...(message.Subject === undefined ? [] : ['Subject']),
          'Timestamp',
          'TopicArn',
          'Type',
        ]
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields.map((name) => `${name}\n${String(message[name as keyof SnsMessage] ?? '')}\n`).join('');
}

/**
 * Checks an SNS message's signature (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the
 * certificate at its `SigningCertURL`, which must be an https URL on an Amazon SNS host. Throws
 * {@link InvalidAlertError} naming the input when the certificate URL is not Amazon's or the signature
 * does not verify: such a message is refused, never stored.
 */
export async function verifySnsMessage(
  message: SnsMessage,
  { input, fetchCertificate }: { input: string; fetchCertificate: FetchSnsCertificate },
): Promise<void> {
  if (!isSnsUrl(message.SigningCertURL)) {
    throw new InvalidAlertError({
      input: `${input} SigningCertURL`,
      expected: 'an https URL on an Amazon SNS host (sns.<region>.amazonaws.com)',
      found: JSON.stringify(message.SigningCertURL.slice(0, 200)),
    });
  }
  const algorithm = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' }[message.SignatureVersion];
  if (algorithm === undefined) {
    throw new InvalidAlertError({
      input: `${input} SignatureVersion`,
      expected: '1 or 2',
      found: JSON.stringify(message.SignatureVersion),
    });
  }
  let valid = false;
  try {
    const key = createPublicKey(await fetchCertificate(message.SigningCertURL));
    valid = createVerify(algorithm)
      .update(snsStringToSign(message), 'utf8')
      .verify(key, message.Signature, 'base64');
  } catch (error) {
    throw new InvalidAlertError({
      input: `${input} Signature`,
      expected: "a signature checked with Amazon SNS's certificate",
      found: `a certificate that could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      cause: error,
    });
  }
  if (!valid) {
    throw new InvalidAlertError({
      input: `${input} Signature`,
      expected: "a signature made by Amazon SNS's key",
      found: 'one that does not verify',
    });
  }
}

/** Fetches an SNS signing certificate over https, cached by URL (certificates change rarely). */
export function createSnsCertificateFetcher(fetchImpl: typeof fetch = fetch): FetchSnsCertificate {
  const cache = new Map<string, Promise<string>>();
  return (url) => {
    const cached = cache.get(url);
    if (cached !== undefined) return cached;
    const pending = fetchImpl(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' }).then(
      async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.text();
      },
    );
    pending.catch(() => cache.delete(url));
    if (cache.size > 100) cache.clear();
    cache.set(url, pending);
    return pending;
  };
}
