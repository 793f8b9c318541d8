import type { AlertIoc } from './alert.js';

/** Fields holding identifiers (`id`, `TenantId`, `SystemAlertId`, `arn`, `ProcessGuid`…), whose hex is not a file hash. */
const identifierField = /(?:^|[a-z_])(?:id|guid|uuid|arn)$/i;
/**
 * Fields holding digests of something other than a file: Okta's `dtHash` (a device token), token, session
 * and request hashes, TLS certificate fingerprints and JA3 hashes, signatures.
 */
const otherDigestField =
  /(?:^|_)(?:dt|token|session|device|request|cookie|password|secret|nonce)_?hash$|(?:^|_)(?:ja3s?|fingerprint|signature|nonce|etag)(?:_?hash)?$/i;
/** Fields linking to the alert in the vendor's console (`AlertLink`, SCC's `externalUri`, `falcon_link`). */
const consoleLinkField =
  /(?:alert|incident|detection|finding|case|console|portal|falcon|investigation|external|deep|perma)_?(?:link|ur[il])$/i;
/** Fields of advice and references (`remediation`, `references`, `nextSteps`): links there are documentation. */
const adviceField =
  /^(?:references?|remediation|recommendations?|documentation|help_?ur[il]|more_?info(?:_?ur[il])?|learn_?more(?:_?ur[il])?|next_?steps|mitigations?)$/i;
/** Fields naming a cloud API by its service host (CloudTrail's `eventSource`, GuardDuty's `serviceName`). */
const serviceField = /^(?:service_?name|event_?source)$/i;
/** Fields naming the analyst an alert is assigned to, or who closed it: not an identity the activity involves. */
const assigneeField = /^(?:assigned_?to|assignee|assigned_?(?:user|analyst)|closed_?by|resolved_?by)$/i;
/** Fields holding a mail's message id (`<id@host>`, in address form but no one's address). */
const messageIdField = /message_?id$/i;
/**
 * Hosts of security vendors' consoles and documentation: a link to them is the vendor's (to the alert, a
 * product page, advice), never the activity's.
 */
const vendorHost =
  /^(?:(?:security|learn|docs|technet|support|msrc|go|www)\.microsoft\.com|portal\.azure\.com|aka\.ms|(?:console\.)?cloud\.google\.com|(?:console|docs)\.aws\.amazon\.com|(?:attack|cve)\.mitre\.org|nvd\.nist\.gov|falcon\.(?:[\w-]+\.)*crowdstrike\.com|docs\.github\.com|documentation\.wazuh\.com|(?:developers|dash)\.cloudflare\.com|(?:help|developer)\.okta\.com|docs\.zeek\.org|docs\.suricata\.io)$/i;

const hashKinds = new Set(['md5', 'sha1', 'sha256']);

/**
 * True when `ioc`, found in a value under `path` (its key after its parent's: `ja3.hash`), is not an indicator an analyst would take (the labelling
 * rules of bench/investigator/ioc-set): hex in an identifier field or a non-file digest (`dtHash`, a JA3)
 * as a file hash; a URL or domain of a vendor's console or documentation, or in a console-link or advice
 * field; a cloud service host in a service field; an address in a message-id or assignee field.
 */
export function notIndicatorOf(path: string, ioc: AlertIoc): boolean {
  // `path` is the value's key after its parent's (`ja3.hash`); most rules read the key alone.
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (hashKinds.has(ioc.kind))
    return identifierField.test(field) || otherDigestField.test(path.replace('.', '_'));
  if (ioc.kind === 'url') {
    return consoleLinkField.test(field) || adviceField.test(field) || vendorHost.test(hostOf(ioc.value));
  }
  if (ioc.kind === 'domain')
    return serviceField.test(field) || adviceField.test(field) || vendorHost.test(ioc.value);
  if (ioc.kind === 'email') return messageIdField.test(field) || assigneeField.test(field);
  return false;
}

function hostOf(url: string): string {
  return (
    url
      .replace(/^[a-z]+:\/\//i, '')
      .split(/[/?#]/)[0]
      ?.replace(/^[^@]*@/, '')
      .replace(/:\d+$/, '') ?? ''
  );
}
