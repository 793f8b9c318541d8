import { at } from './log-table.js';
const json = (value) => JSON.stringify(value, null, 2);
/** `get_alert`: the alert that opened the investigation. */
export function alertDetails(world) {
  const [victim] = world.victims;
  return json({
    id: world.alertId,
    title: 'Anomalous sign-in followed by suspicious PowerShell execution',
    severity: 'high',
    status: 'new',
    created: at(world.start, 19),
    source: 'Identity Protection + Defender for Endpoint (correlated)',
    description:
      "A sign-in with an unfamiliar token from a hosting provider was followed within 15 minutes by an encoded PowerShell command on the same user's workstation.",
    entities: {
      account: victim.upn,
      host: victim.host,
      ip_addresses: [world.loginIps.vps],
      process: 'powershell.exe -nop -w hidden -enc …',
    },
    evidence: [
      {
        type: 'signin',
        timestamp: world.start,
        ip: world.loginIps.vps,
        risk: 'unfamiliarFeatures, anonymizedIPAddress',
      },
      { type: 'process', timestamp: at(world.start, 14), host: victim.host, parent: 'EXCEL.EXE' },
    ],
    mitre: ['T1557 Adversary-in-the-Middle', 'T1059.001 PowerShell', 'T1218.011 Rundll32'],
  });
}
/** `get_user`: directory details of an account. */
export function userDetails(world, random, user) {
  return json({
    user_principal_name: user.upn,
    display_name: user.name,
    department: user.department,
    job_title: user.title,
    manager: random.pick(world.users.filter((other) => other !== user)).upn,
    primary_device: user.host,
    account_enabled: true,
    mfa_methods: ['microsoftAuthenticator', 'sms'],
    groups: [
      `${user.department} Staff`,
      'All Employees',
      'VPN Users',
      ...(user.department === 'Finance' ? ['AP Approvers', 'SAP-Payments'] : []),
    ],
    last_password_change: at(world.start, -random.int(20, 200) * 1440),
    risk_state: user === world.victims[0] ? 'atRisk' : 'none',
  });
}
/** `lookup_ip`: threat intelligence on an address. */
export function ipReputation(world, random, ip) {
  const known = {
    [world.loginIps.vps]: {
      asn: 'AS64501',
      org: 'Bitstream Hosting B.V. (VPS)',
      country: 'NL',
      reputation: 'malicious',
      score: 87,
      tags: ['aitm-phishing', 'evilginx', 'hosting'],
      first_seen: '2025-02-27',
      related_domains: [world.phishDomain, `login.${world.phishDomain}`],
    },
    [world.loginIps.tor]: {
      asn: 'AS64502',
      org: 'Tor exit relay',
      country: 'unknown',
      reputation: 'suspicious',
      score: 64,
      tags: ['tor-exit', 'anonymizer'],
      first_seen: '2023-08-14',
      related_domains: [],
    },
    [world.c2.ip]: {
      asn: 'AS64503',
      org: 'Cloudnest LLC',
      country: 'US',
      reputation: 'malicious',
      score: 93,
      tags: ['c2', 'latrodectus', 'cobalt-strike-like-beacon'],
      first_seen: '2025-03-02',
      related_domains: [world.c2.domain],
    },
    [world.exfilIp]: {
      asn: 'AS64504',
      org: 'Quickbox Storage Ltd',
      country: 'SG',
      reputation: 'suspicious',
      score: 58,
      tags: ['file-hosting', 'exfiltration'],
      first_seen: '2024-11-19',
      related_domains: [],
    },
  };
  const passiveDns = Array.from({ length: random.int(3, 8) }, () => ({
    domain: `${random.hex(8)}.${random.pick(['example', 'example.net', 'example.org'])}`,
    first_seen: at('2025-01-01T00:00:00Z', random.int(0, 90) * 1440).slice(0, 10),
  }));
  return json({
    ip,
    ...(known[ip] ?? { reputation: 'unknown', score: 0, tags: [] }),
    passive_dns: passiveDns,
  });
}
/** `lookup_domain`: registration and resolution history of a domain. */
export function domainReputation(world, random, domain) {
  const c2 = domain === world.c2.domain;
  return json({
    domain,
    registrar: c2 ? 'NameSilo-like Registrar Inc.' : 'Porkbun-like Registrar LLC',
    created: c2 ? '2025-03-01' : '2025-02-25',
    registrant: 'REDACTED FOR PRIVACY',
    name_servers: [`ns1.${random.hex(6)}.example`, `ns2.${random.hex(6)}.example`],
    resolutions: c2
      ? [{ ip: world.c2.ip, first_seen: '2025-03-02' }]
      : [{ ip: world.loginIps.vps, first_seen: '2025-02-26' }],
    tls_certificate: {
      issuer: "R11 (Let's Encrypt-like)",
      subject: `CN=${domain}`,
      not_before: c2 ? '2025-03-01' : '2025-02-25',
    },
    categories: c2
      ? ['newly-registered', 'command-and-control']
      : ['newly-registered', 'phishing', 'brand-impersonation'],
    verdict: 'malicious',
  });
}
/** `lookup_hash`: what a file hash is known as. */
export function hashReputation(world, random, sha256) {
  const names = {
    [world.hashes.loader]: ['powershell.exe (signed, Microsoft)', ['living-off-the-land']],
    [world.hashes.payload]: ['msupd_4821.dll', ['Trojan:Win64/Latrodectus', 'loader', 'rundll32-proxy']],
    [world.hashes.archiver]: ['7za.exe (7-Zip standalone 23.01)', ['dual-use', 'archiver']],
  };
  const [name, labels] = names[sha256] ?? ['unknown', []];
  const malicious = sha256 === world.hashes.payload;
  return json({
    sha256,
    file_name: name,
    size_bytes: random.int(180_000, 1_400_000),
    detections: malicious ? `${random.int(38, 52)}/72` : '0/72',
    labels,
    first_seen: malicious ? '2025-03-04' : '2019-06-11',
    signer: malicious ? null : 'valid signature',
    sandbox: malicious
      ? {
          network: [`${world.c2.domain}:443`],
          mutex: `Global\\${random.hex(12)}`,
          persistence: 'scheduled task on logon',
        }
      : null,
  });
}
/** Confirmation of a containment action. */
export function actionResult(action, target, world, minutes) {
  return json({
    action,
    target,
    status: 'completed',
    ticket: `${world.alertId}-A${minutes}`,
    completed_at: at(world.start, 120 + minutes),
  });
}
