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

/** The records of an NDJSON file, inside a zip (`zip` names it) or not. */
function ndjson(path, zip) {
  const text = zip
    ? execFileSync('unzip', ['-p', `${logs}${zip}`], { maxBuffer: 1 << 28 }).toString('utf8')
    : readFileSync(`${logs}${path}`, 'utf8');
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
const sentinel = parse(readFileSync(`${logs}excytin/extracted_alerts.csv`, 'utf8'), {
  columns: true,
  delimiter: '❖',
  relax_quotes: true,
});

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
};
for (const [name, [records, rule]] of Object.entries(chosen)) {
  const record = records.find(rule);
  if (record === undefined) throw new Error(`${name}: no record in its source matches its rule`);
  writeFileSync(new URL(`./alerts/${name}.json`, import.meta.url), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${name}.json`);
}
