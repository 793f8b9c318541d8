import type { AlertIoc } from './alert.js';

/** Fields holding identifiers (`id`, `TenantId`, `SystemAlertId`, `arn`, `ProcessGuid`…), whose hex is not a file hash. */
const identifierField = /(?:^|[a-z_])(?:id|guid|uuid|arn)$/i;
/**
 * Words of a field's name saying its digest is of something other than a file: Okta's `dtHash` (a device
 * token), token, session and request hashes, TLS certificate fingerprints and JA3 hashes, signatures, and
 * digests of a message's parts or of the event itself (`md5HashMessageBody`, `md5HashSubject`, Splunk's
 * `event_hash`).
 */
const otherDigestWords = new Set(
  'dt token session device request cookie password secret nonce ja3 ja3s fingerprint signature etag event record message body subject header headers'.split(
    ' ',
  ),
);
/** Words of a field's name saying it holds a file's digest after all (a message's attachment or part, a process image). */
const fileWords = new Set('file files attachment attachments part parts process image sample'.split(' '));
/** Words that name a container of an event's or a message's fields when they name a digest's parent. */
const containerWords = new Set('event record message body subject header headers'.split(' '));
/** Words that only say a field holds a digest (`hash`, `md5`), so the field's parent names what was digested (`ja3.hash`). */
const digestWords = new Set('hash hashes md5 sha1 sha256 digest value'.split(' '));
/** Fields linking to the alert in the vendor's console (`AlertLink`, SCC's `externalUri`, `falcon_link`, `permalink`). */
const consoleLinkField =
  /(?:alert|incident|detection|finding|case|console|portal|falcon|investigation|external|deep|perma)_?(?:link|ur[il])$/i;
/** Words of such a field's name when they are further apart (`securityInvestigationToolLink`). */
const consoleWords = new Set(
  'alert incident detection finding case console portal falcon investigation tool external deep perma'.split(
    ' ',
  ),
);
const linkWords = new Set('link url uri'.split(' '));
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
 * Hosts of security vendors' consoles, threat-intelligence portals, sandboxes and documentation: a link to
 * them is the vendor's (to the alert, a product page, advice), never the activity's.
 */
const vendorHost =
  /^(?:(?:security|learn|docs|technet|support|msrc|go|www)\.microsoft\.com|portal\.azure\.com|aka\.ms|(?:console\.)?cloud\.google\.com|admin\.google\.com|(?:console|docs)\.aws\.amazon\.com|(?:attack|cve)\.mitre\.org|nvd\.nist\.gov|falcon\.(?:[\w-]+\.)*crowdstrike\.com|docs\.github\.com|documentation\.wazuh\.com|(?:developers|dash)\.cloudflare\.com|(?:help|developer)\.okta\.com|docs\.zeek\.org|docs\.suricata\.io|(?:[\w-]+\.)*wildfire\.paloaltonetworks\.com|(?:docs|live)\.paloaltonetworks\.com|(?:threatinsight|tap)\.proofpoint\.com)$/i;
/**
 * Hosts that name a cloud service rather than a host of the activity, wherever they are written (an event
 * source, a host header, a type URL): an AWS endpoint (`iam.amazonaws.com`, `ec2.us-east-1.amazonaws.com`,
 * but not a bucket's `name.s3.amazonaws.com` nor an instance's `ec2-1-2-3-4.compute-1.amazonaws.com`), a
 * Google API (`compute.googleapis.com`, `type.googleapis.com`), a public container registry (`docker.io`).
 */
const serviceHost =
  /^(?:[a-z0-9-]+(?:\.(?:[a-z]{2}(?:-gov|-iso[a-z]?)?-[a-z]+-\d))?\.amazonaws\.com(?:\.cn)?|[a-z0-9-]+\.googleapis\.com|(?:registry-1\.)?docker\.io|(?:gcr|ghcr|quay)\.io|mcr\.microsoft\.com|public\.ecr\.aws|registry\.k8s\.io)$/i;

const hashKinds = new Set('md5 sha1 sha256'.split(' '));

/**
 * True when `ioc`, found in a value under `path` (its key after its parent's: `ja3.hash`), is not an
 * indicator an analyst would take (the labelling rules of bench/investigator/ioc-set): hex in an
 * identifier field, or a digest the field's name says is not of a file (a JA3, a message body, an event),
 * as a file hash; a URL or domain of a vendor's console or documentation, or in a console-link or advice
 * field; a cloud service's host as a domain; an address in a message-id or assignee field.
 */
export function notIndicatorOf(path: string, ioc: AlertIoc): boolean {
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (hashKinds.has(ioc.kind)) return identifierField.test(field) || otherDigest(path);
  if (ioc.kind === 'url') {
    return consoleLink(field) || adviceField.test(field) || vendorHost.test(hostOf(ioc.value));
  }
  if (ioc.kind === 'domain') {
    return (
      serviceField.test(field) ||
      adviceField.test(field) ||
      vendorHost.test(ioc.value) ||
      serviceHost.test(ioc.value)
    );
  }
  if (ioc.kind === 'email') return messageIdField.test(field) || assigneeField.test(field);
  return false;
}

/** The words of a field's name: `md5HashMessageBody` → md5, hash, message, body; `event_hash` → event, hash. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * Whether the digest under `path` is of something other than a file, by its key's words or, when the key
 * only says "hash" (`ja3.hash`), its parent's; words naming a file (`attachment`) win.
 */
function otherDigest(path: string): boolean {
  const dot = path.lastIndexOf('.');
  const words = wordsOf(path.slice(dot + 1));
  if (words.some((word) => fileWords.has(word))) return false;
  if (!words.every((word) => digestWords.has(word))) return words.some((word) => otherDigestWords.has(word));
  // A parent names what was digested only as one thing (`ja3`, `tls.fingerprint`), not as a container of an
  // event's or a message's fields (Sysmon's `EventData.Hashes` holds the process image's hashes).
  return wordsOf(path.slice(0, Math.max(dot, 0))).some(
    (word) => otherDigestWords.has(word) && !containerWords.has(word),
  );
}

/** Whether a field links to the alert in a console: a link word with a console word before it. */
function consoleLink(field: string): boolean {
  const words = wordsOf(field);
  const last = words.at(-1);
  if (consoleLinkField.test(field)) return true;
  return (
    last !== undefined && linkWords.has(last) && words.slice(0, -1).some((word) => consoleWords.has(word))
  );
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
