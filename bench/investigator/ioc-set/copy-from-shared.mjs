#!/usr/bin/env node
// Copies the real records of the IOC set's third split (README.md there) from ../shared/data/security-logs
// into alerts/, one JSON object per file, each as its source holds it (OTRF Security-Datasets and
// ExCyTIn-Bench, both MIT: ../shared/data/security-logs/MANIFEST.json names the repository, commit and
// path of every file). A record is picked by the first that matches its rule, so the copy can be checked
// against the source. Sentinel rows are written as the investigator's samples are (every column a key,
// Entities and ExtendedProperties left as the JSON strings Sentinel exports; `rn` repeats, so a row is
// picked by its rn and its alert name). Run from the repository:
//   node bench/investigator/ioc-set/copy-from-shared.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const logs = fileURLToPath(new URL('../../../../shared/data/security-logs/', import.meta.url));

/** The text of a zip's files (or of the one named). */
function unzip(zip, file) {
  return execFileSync('unzip', ['-p', `${logs}${zip}`, ...(file ? [file] : [])], {
    maxBuffer: 1 << 28,
  }).toString('utf8');
}

/** The records of an NDJSON file, inside a zip (`zip` names it) or not. */
function ndjson(path, zip) {
  const text = zip ? unzip(zip) : readFileSync(`${logs}${path}`, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

const cloudtrail = ndjson(undefined, 'otrf/aws_cloudtrail/ec2_proxy_s3_exfiltration.zip');
const windows = ndjson(undefined, 'otrf/goldensaml/WindowsEvents.Zip');
const sysmon = ndjson(undefined, 'otrf/log4shell/sysmon_log4shell_cve2021_44228_java_serialized_object.zip');
const defender = ndjson(undefined, 'otrf/goldensaml/Microsoft365DefenderEvents.Zip');
const aad = ndjson(undefined, 'otrf/goldensaml/AADAuditEvents.Zip');
const office = ndjson(undefined, 'otrf/goldensaml/OfficeActivityEvents.Zip');
const auditd = ndjson(
  undefined,
  'otrf/log4shell/syslog_auoms_auditd_log4shell_cve2021_44228_jndi_reference.zip',
);
const zeek = ndjson('otrf/apt29_zeek/day1/combined_zeek.log');
const zeekDay2 = ndjson('otrf/apt29_zeek/day2/combined_zeek.log');
const sysmonLinux = ndjson(
  undefined,
  'otrf/log4shell/syslog_sysmon_log4shell_cve2021_44228_jndi_reference.zip',
);
const securityAuditing = ndjson(
  undefined,
  'otrf/log4shell/securityauditing_log4shell_cve2021_44228_java_serialized_object.zip',
);
const vmConnection = ndjson(
  undefined,
  'otrf/log4shell/vminsights_vmconnection_log4shell_cve2021_44228_jndi_reference.zip',
);
const honeybucket = parse(unzip('otrf/aws_cloudtrail/aws_s3_honeybucketlogs.zip'), { columns: true });
const lsassZeek = 'otrf/lsass_campaign_01/metasploit_logonpasswords_lsass_memory_dump_zeek_logs.zip';
const lsass = ndjson(undefined, 'otrf/lsass_campaign_01/metasploit_logonpasswords_lsass_memory_dump.zip');
const incidents = parse(readFileSync(`${logs}excytin/extracted_incidents.csv`, 'utf8'), {
  columns: true,
  delimiter: '❖',
  relax_quotes: true,
});
const sentinel = parse(readFileSync(`${logs}excytin/extracted_alerts.csv`, 'utf8'), {
  columns: true,
  delimiter: '❖',
  relax_quotes: true,
});

/**
 * The records of a Zeek log written as TSV (a `#fields` and a `#types` header), as Zeek's JSON writer
 * writes them: unset fields (`-`) left out, numbers, booleans and containers as JSON.
 */
function zeekTsv(zip, file) {
  const lines = unzip(zip, file).split('\n');
  const header = (name) =>
    lines
      .find((line) => line.startsWith(`#${name}\t`))
      .split('\t')
      .slice(1);
  const [fields, types] = [header('fields'), header('types')];
  const value = (text, type) => {
    if (/^(?:set|vector)\[/.test(type)) return text === '(empty)' ? [] : text.split(',');
    if (type === 'bool') return text === 'T';
    return /^(?:time|interval|double|count|int|port)$/.test(type) ? Number(text) : text;
  };
  return lines
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      Object.fromEntries(
        line
          .split('\t')
          .map((text, index) => [fields[index], text === '-' ? undefined : value(text, types[index])])
          .filter(([, item]) => item !== undefined),
      ),
    );
}

/** File name → [records, rule]: the first record the rule accepts. */
const chosen = {
  'otrf-cloudtrail-getobject': [cloudtrail, (r) => r.eventName === 'GetObject'],
  'otrf-cloudtrail-assumerole': [cloudtrail, (r) => r.eventName === 'AssumeRole'],
  'otrf-cloudtrail-describealarms': [cloudtrail, (r) => r.eventName === 'DescribeAlarms'],
  'otrf-security-4624-ipv6': [windows, (r) => r.EventID === 4624 && r.IpAddress?.startsWith('fe80')],
  'otrf-adfs-501-claims': [windows, (r) => r.EventID === 501],
  'otrf-sysmon-1-encoded-powershell': [sysmon, (r) => r.EventID === 1],
  'otrf-sysmon-22-dns': [sysmon, (r) => r.EventID === 22],
  'otrf-m365d-directory-replication': [defender, (r) => r.ActionType === 'Directory Services replication'],
  'otrf-aad-audit-delegated-grant': [aad, (r) => r.OperationName === 'Add delegated permission grant'],
  'otrf-office-mailitemsaccessed': [office, (r) => r.Operation === 'MailItemsAccessed'],
  'otrf-auditd-execve-base64': [auditd, (r) => /AUOMS_EXECVE.*base64/.test(r.SyslogMessage ?? '')],
  'otrf-zeek-ssl-self-signed': [zeek, (r) => r['@stream'] === 'ssl' && r.validation_status !== undefined],
  'otrf-zeek-files-smb': [zeek, (r) => r['@stream'] === 'files' && r.md5 !== undefined],
  'otrf-zeek-notice-invalid-cert': [zeek, (r) => r['@stream'] === 'notice'],
  'excytin-mcas-oauth-credentials': [
    sentinel,
    (r) => r.rn === '907' && r.AlertName.startsWith('Unusual addition of credentials'),
  ],
  'excytin-aatp-dcsync': [sentinel, (r) => r.rn === '1907' && r.AlertName.startsWith('Suspected DCSync')],
  'excytin-oatp-url-click': [
    sentinel,
    (r) => r.rn === '1909' && r.AlertName.startsWith('A potentially malicious URL click'),
  ],
  'excytin-scheduled-proxy-url': [
    sentinel,
    (r) => r.rn === '1896' && r.AlertName.startsWith('Malicious Url detected in Proxy'),
  ],
  'excytin-asc-arm-proxy-ip': [
    sentinel,
    (r) => r.rn === '1915' && r.AlertName.startsWith('Azure Resource Manager operation'),
  ],
  // Round 4.
  'otrf-sysmon-linux-3-ldap': [sysmonLinux, (r) => /<EventID>3<.*jre\/bin\/java/.test(r.SyslogMessage ?? '')],
  'otrf-security-5156-ldap': [securityAuditing, (r) => r.EventID === 5156 && /1389</.test(r.EventData ?? '')],
  'otrf-security-4688-encoded': [securityAuditing, (r) => r.EventID === 4688],
  'otrf-vmconnection-bash': [vmConnection, (r) => r.ProcessName === 'bash'],
  'otrf-s3-honeybucket-listobjects': [honeybucket, (r) => r['Event Name'] === 'ListObjects'],
  'otrf-zeek-kerberos-tgt': [zeekTsv(lsassZeek, 'kerberos.log'), (r) => r.client !== undefined],
  'otrf-zeek-x509-self-signed': [zeekTsv(lsassZeek, 'x509.log'), () => true],
  'otrf-zeek-dns-cname': [zeekDay2, (r) => r['@stream'] === 'dns' && r.answers?.length > 2],
  'otrf-zeek-files-7z-download': [
    zeek,
    (r) => r['@stream'] === 'files' && r.mime_type === 'application/x-7z-compressed',
  ],
  'otrf-m365d-delegated-grant': [defender, (r) => r.ActionType === 'Add delegated permission grant.'],
  'excytin-incident': [incidents, () => true],
  'excytin-mdatp-powershell-download': [
    sentinel,
    (r) => r.AlertName === 'Suspicious PowerShell download or encoded command execution',
  ],
  'excytin-oatp-zap-removed': [
    sentinel,
    (r) => r.AlertName.startsWith('Email messages containing malicious URL removed'),
  ],
  // Round 5.
  'otrf-lsass-sysmon-3-payload': [lsass, (r) => r.EventID === 3 && /winx64_payload/.test(r.Image ?? '')],
  'otrf-lsass-sysmon-10-lsass': [
    lsass,
    (r) =>
      r.EventID === 10 &&
      /lsass\.exe$/i.test(r.TargetImage ?? '') &&
      /winx64_payload/.test(r.SourceImage ?? ''),
  ],
  'otrf-lsass-sysmon-22-dns': [lsass, (r) => r.EventID === 22 && /\./.test(r.QueryName ?? '')],
  'otrf-lsass-powershell-4104': [lsass, (r) => r.EventID === 4104],
  'otrf-lsass-security-4624': [lsass, (r) => r.EventID === 4624],
  'otrf-security-4662-ds-access': [windows, (r) => r.EventID === 4662],
  'otrf-adfs-33205': [windows, (r) => r.EventID === 33205],
  'otrf-sysmon-7-image-load': [sysmon, (r) => r.EventID === 7],
  'otrf-sysmon-11-file-create': [sysmon, (r) => r.EventID === 11],
  'otrf-zeek-smb-files-sysvol': [zeekDay2, (r) => r['@stream'] === 'smb_files'],
  'otrf-zeek-kerberos-tgs': [zeekDay2, (r) => r['@stream'] === 'kerberos' && r.client !== undefined],
  'excytin-aatp-pass-the-ticket': [
    sentinel,
    (r) => r.AlertName === 'Suspected identity theft (pass-the-ticket)',
  ],
  'excytin-mdatp-ldap-query': [sentinel, (r) => r.AlertName === 'Suspicious LDAP query'],
  'excytin-ipc-password-spray': [sentinel, (r) => r.AlertName === 'Password Spray'],
  // Round 6.
  'otrf-zeek-conn-first': [zeek, (r) => r['@stream'] === 'conn'],
  'otrf-zeek-http-first': [zeek, (r) => r['@stream'] === 'http'],
  'otrf-zeek-smb-mapping-first': [zeek, (r) => r['@stream'] === 'smb_mapping'],
  'otrf-zeek-dce-rpc-first': [zeekDay2, (r) => r['@stream'] === 'dce_rpc'],
  'otrf-lsass-sysmon-13-registry': [lsass, (r) => r.EventID === 13],
  'otrf-lsass-powershell-4103': [lsass, (r) => r.EventID === 4103],
  'otrf-lsass-security-5158-bind': [lsass, (r) => r.EventID === 5158],
  'otrf-adfs-412-security-event': [windows, (r) => r.EventID === 412],
  'otrf-oms-event-sysmon-18-pipe': [windows, (r) => r.Type === 'Event' && r.EventID === 18],
  'otrf-oms-event-mssql-audit': [windows, (r) => r.EventLog === 'Application'],
  'excytin-m365d-bec-financial-fraud': [sentinel, (r) => r.AlertName === 'BEC financial fraud'],
  'excytin-m365d-sap-authentication': [sentinel, (r) => r.AlertName === 'Suspicious SAP authentication'],
};
for (const [name, [records, rule]] of Object.entries(chosen)) {
  const record = records.find(rule);
  if (record === undefined) throw new Error(`${name}: no record in its source matches its rule`);
  writeFileSync(new URL(`./alerts/${name}.json`, import.meta.url), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${name}.json`);
}
