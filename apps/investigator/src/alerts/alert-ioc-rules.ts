import type { AlertIoc } from './alert.js';

/** Fields holding identifiers (`id`, `TenantId`, `SystemAlertId`, `arn`, `ProcessGuid`, `Urn`…), whose hex is not a file hash. */
const identifierField = /(?:^|[a-z_])(?:id|guid|uuid|arn|urn)$/i;
/**
 * Words of a field's name saying its digest is of something other than a file: Okta's `dtHash` (a device
 * token), token, session, request and key hashes, TLS certificates (fingerprints, Zeek's
 * `resp_certificate_sha1`) and JA3 hashes, signatures, import tables (`imphash`), and digests of a
 * message's parts or of the event itself (`md5HashMessageBody`, `md5HashSubject`, Splunk's `event_hash`).
 */
const otherDigestWords = new Set(
  'dt token session device request cookie password secret key nonce ja3 ja3s fingerprint signature etag certificate cert x509 imphash event record message body subject header headers'.split(
    ' ',
  ),
);
/** Words of a field's name saying it holds a file's digest after all (a message's attachment or part, a process image). */
const fileWords = new Set('file files attachment attachments part parts process image sample'.split(' '));
/** Words naming a digest of something other than a file by themselves (`imphash`, `ja3`, `fingerprint`). */
const digestNames = new Set('imphash ja3 ja3s fingerprint signature etag'.split(' '));
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
  /^(?:references?|see_?also|remediation|recommendations?|documentation|help_?ur[il]|more_?info(?:_?ur[il])?|learn_?more(?:_?ur[il])?|next_?steps|mitigations?)$/i;
/** Fields naming a cloud API by its service host (CloudTrail's `eventSource`, GuardDuty's `serviceName`). */
const serviceField = /^(?:service_?name|event_?source)$/i;
/** Fields naming the analyst an alert is assigned to, or who closed it: not an identity the activity involves. */
const assigneeField = /^(?:assigned_?to|assignee|assigned_?(?:user|analyst)|closed_?by|resolved_?by)$/i;
/**
 * Fields of the alert record itself (at its top level) naming who last changed it (Sentinel's incident
 * `ModifiedBy`): an analyst or an automation, not an identity the activity involves.
 */
const recordEditorField = /^(?:last_?)?(?:modified|updated)_?by$/i;
/** Last words of fields naming a host (`FQDN`, `HostName`, `Computer`, `DeviceName`, `DnsDomain`). */
const hostFieldWords = new Set('host hostname fqdn computer machine workstation domain'.split(' '));
const hostNamedWords = new Set('host device computer machine dns domain'.split(' '));
/** Words of an owner whose fields name an analyst at work on the alert (a comment's `author`, its `createdBy`). */
const analystOwnerWords = new Set('author comment comments'.split(' '));
/** A token's issuer or audience (`iss`, `aud`): the identity service that issued it, not a host of the activity. */
const tokenPartyField = /^(?:iss|aud|issuer|audience)$/i;
/** Fields holding a mail's message id (`<id@host>`, in address form but no one's address). */
const messageIdField = /message_?id$/i;
/**
 * Hosts of security vendors' consoles, threat-intelligence portals, sandboxes and documentation: a link to
 * them is the vendor's (to the alert, a product page, advice), never the activity's.
 */
const vendorHost =
  /^(?:(?:security|learn|docs|technet|support|msrc|go|www)\.microsoft\.com|portal\.azure\.com|aka\.ms|(?:console\.)?cloud\.google\.com|admin\.google\.com|(?:(?:[\w-]+\.)?console|docs)\.aws\.amazon\.com|(?:attack|cve)\.mitre\.org|nvd\.nist\.gov|falcon\.(?:[\w-]+\.)*crowdstrike\.com|docs\.github\.com|documentation\.wazuh\.com|(?:developers|dash)\.cloudflare\.com|(?:help|developer)\.okta\.com|docs\.zeek\.org|docs\.suricata\.io|(?:[\w-]+\.)*wildfire\.paloaltonetworks\.com|(?:docs|live)\.paloaltonetworks\.com|(?:threatinsight|tap)\.proofpoint\.com)$/i;
/**
 * Hosts that name a cloud service rather than a host of the activity, wherever they are written (an event
 * source, a host header, a type URL): an AWS endpoint (`iam.amazonaws.com`, `ec2.us-east-1.amazonaws.com`,
 * but not a bucket's `name.s3.amazonaws.com` nor an instance's `ec2-1-2-3-4.compute-1.amazonaws.com`), a
 * Google API (`compute.googleapis.com`, `type.googleapis.com`), Microsoft's (`graph.microsoft.com`), a
 * public container registry (`docker.io`), a Kubernetes API group or annotation (`audit.k8s.io`).
 */
const serviceHost =
  /^(?:[a-z0-9-]+(?:\.(?:[a-z]{2}(?:-gov|-iso[a-z]?)?-[a-z]+-\d))?\.amazonaws\.com(?:\.cn)?|[a-z0-9-]+\.googleapis\.com|(?:[\w-]+\.)?graph\.microsoft\.(?:com|us)|dod-graph\.microsoft\.us|ags\.windows\.net|management\.azure\.com|management\.core\.windows\.net|(?:registry-1\.)?docker\.io|(?:gcr|ghcr|quay)\.io|mcr\.microsoft\.com|public\.ecr\.aws|(?:[\w-]+\.)*(?:x-)?k8s\.io|(?:[\w-]+\.)*kubernetes\.io)$/i;
/** Hosts of XML namespaces and claim types (`http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name`): names written as URLs. */
const namespaceHost =
  /^(?:schemas\.xmlsoap\.org|schemas\.microsoft\.com|(?:www\.)?w3\.org|schemas\.openxmlformats\.org|docs\.oasis-open\.org|purl\.org|ns\.adobe\.com)$/i;
/**
 * The path of a cloud API's root or versioned resource (`/`, `/compute/v1/projects/…`): a URL on a service
 * host with such a path names the service or one of its resources (a bucket's object is another path).
 */
const apiPath = /^\/(?:$|(?:[\w-]+\/)*v\d+(?:(?:alpha|beta)\d*)?(?:\/|$))/i;
/** Words of fields naming the sensor that recorded the event, not a host of the activity. */
const sensorWords = new Set('sensor observer collector forwarder shipper'.split(' '));

const hashKinds = new Set('md5 sha1 sha256'.split(' '));

/** Where a value was found: its key and the key of the object holding it (`ja3` and `hash`). */
export interface IocField {
  parent: string;
  key: string;
}

/**
 * True when `ioc`, found in a value under `field`, is not an indicator an analyst would take (the labelling
 * rules of bench/investigator/ioc-set): anything in a log pipeline's metadata (`@timestamp`, `@type`, Zeek's
 * `@system`); hex in an identifier or user-agent field, or a digest the field's name says is not of a file
 * (a JA3, a certificate, an import table, a message body, an event), as a file hash; a version field's value
 * as an address; a URL or domain of a vendor's console, portal or documentation, or in a console-link,
 * advice or token-issuer field; an XML namespace or a cloud API's root or versioned resource as a URL; a cloud service's
 * host or the recording sensor's name as a domain; an address in a message-id field or of an analyst (the
 * assignee, a comment's author, who last changed the alert record).
 */
export function notIndicatorOf(field: IocField, ioc: AlertIoc): boolean {
  const { key } = field;
  if (key.startsWith('@')) return true;
  const { name, owner, words } = readingOf(field);
  if (hashKinds.has(ioc.kind)) {
    return identifierField.test(name) || userAgent(words) || otherDigest(owner, name);
  }
  if (ioc.kind === 'ipv4' || ioc.kind === 'ipv6') return words.includes('version') || words.at(-1) === 'ver';
  if (ioc.kind === 'url') {
    const host = hostOf(ioc.value);
    return (
      consoleLink(key) ||
      adviceField.test(name) ||
      tokenPartyField.test(name) ||
      vendorHost.test(host) ||
      namespaceHost.test(host) ||
      (serviceHost.test(host) && apiPath.test(pathOf(ioc.value) || '/'))
    );
  }
  if (ioc.kind === 'domain') {
    return (
      serviceField.test(name) ||
      adviceField.test(name) ||
      [...wordsOf(owner), ...words].some((word) => sensorWords.has(word)) ||
      vendorHost.test(ioc.value) ||
      serviceHost.test(ioc.value) ||
      namespaceHost.test(ioc.value)
    );
  }
  if (ioc.kind === 'email') {
    return (
      messageIdField.test(name) ||
      assigneeField.test(name) ||
      (field.parent === '' && recordEditorField.test(key)) ||
      wordsOf(owner).some((word) => analystOwnerWords.has(word))
    );
  }
  return false;
}

/** Whether a key names an identifier (`id`, `TenantId`, `fctuid`, `ProcessGuid`), whose hex is no file's hash. */
export function isIdentifierName(key: string): boolean {
  return identifierField.test(key);
}

/**
 * Whether a field names a host (`FQDN`, `HostName`, `Computer`, `DeviceName`, `DnsDomain`): its value is a
 * host name whatever the case of its labels (`VNEVADO-Win10V.vnevado.alpineskihouse.co`).
 */
export function namesHost(field: IocField): boolean {
  const { words } = readingOf(field);
  const last = words.at(-1);
  if (last === undefined) return false;
  return hostFieldWords.has(last) || (last === 'name' && hostNamedWords.has(words.at(-2) ?? ''));
}

/** A field's name (its key's last part), its owner (the rest of a flattened key, or the parent) and its words. */
interface Reading {
  name: string;
  owner: string;
  words: string[];
}
// One reading per field: every indicator of a value shares its field.
const readings = new WeakMap<IocField, Reading>();

function readingOf(field: IocField): Reading {
  let reading = readings.get(field);
  if (reading === undefined) {
    // A flattened key (`kibana.alert.url`) is read as its own parent and name.
    const dot = field.key.lastIndexOf('.');
    reading = {
      name: field.key.slice(dot + 1),
      owner: dot < 0 ? field.parent : field.key.slice(0, dot),
      words: wordsOf(field.key),
    };
    readings.set(field, reading);
  }
  return reading;
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
 * Whether the digest under `name` is of something other than a file, by the name's words or, when the name
 * only says "hash" (`ja3.hash`), its owner's; words naming a file (`attachment`) win.
 */
function otherDigest(owner: string, name: string): boolean {
  const words = wordsOf(name);
  if (words.some((word) => fileWords.has(word))) return false;
  // A name that does not say it holds a digest (`message`, a log line) holds text, judged by what it says.
  if (!words.some((word) => digestWords.has(word) || digestNames.has(word))) return false;
  if (!words.every((word) => digestWords.has(word))) return words.some((word) => otherDigestWords.has(word));
  // An owner names what was digested when it is that thing alone (`ja3`, `event`), not a container of its
  // fields (Sysmon's `EventData.Hashes` holds the process image's hashes).
  const owned = wordsOf(owner);
  return owned.length > 0 && owned.every((word) => otherDigestWords.has(word));
}

/** Whether a field holds a user agent (`userAgent`, `callerSuppliedUserAgent`): software's name, no file's hash. */
function userAgent(words: string[]): boolean {
  return (
    words.includes('useragent') ||
    words.some((word, index) => word === 'user' && words[index + 1] === 'agent')
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

function pathOf(url: string): string {
  return url.replace(/^[a-z][\w+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
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
