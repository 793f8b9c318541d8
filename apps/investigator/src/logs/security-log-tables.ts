/** How one table's source file is read. */
export type SecurityLogFormat = 'ndjson' | 'zeek-tsv' | 'csv' | 'excytin-csv' | 'text-files';

/** One table of the shared security-logs set: where its rows come from and what they are. */
export interface SecurityLogTable {
  table: string;
  /** The dataset it belongs to (a folder of the set), for `--dataset`. */
  dataset: string;
  /** Files relative to the set's folder; a `zip#entry` path names a file inside a zip. */
  files: string[];
  format: SecurityLogFormat;
  /** Stored as the table's comment; the log agent's schema tool shows it. */
  description: string;
}

const lsassZip = 'otrf/lsass_campaign_01/metasploit_logonpasswords_lsass_memory_dump_zeek_logs.zip';
const zeekStreams = [
  'analyzer',
  'conn',
  'dns',
  'files',
  'http',
  'kerberos',
  'packet_filter',
  'pe',
  'smb_mapping',
  'ssl',
  'weird',
  'x509',
];

const log4shell = (name: string, entry: string): string => `otrf/log4shell/${name}.zip#${entry}`;

/** The 28 tables built from `../shared/data/security-logs` (see its README for the stories behind them). */
export const securityLogTables: readonly SecurityLogTable[] = [
  {
    table: 'mkt01_windows',
    dataset: 'lsass_campaign_01',
    files: [
      'otrf/lsass_campaign_01/metasploit_logonpasswords_lsass_memory_dump.zip#metasploit_logonpasswords_lsass_memory_dump.json',
    ],
    format: 'ndjson',
    description:
      'Windows events of workstation MKT01 (Sysmon 1/3/7/10/11/12/13/18, Security 46xx/5156, PowerShell 4103/4104), flat fields: EventID, Hostname, Channel, Image, TargetImage, SourceImage, CommandLine, GrantedAccess, @timestamp.',
  },
  ...zeekStreams.map((stream) => ({
    table: `mkt01_zeek_${stream}`,
    dataset: 'lsass_campaign_01',
    files: [`${lsassZip}#${stream}.log`],
    format: 'zeek-tsv' as const,
    description: `Zeek ${stream}.log of the network of workstation MKT01 (ts is epoch seconds; id.orig_h is id_orig_h).`,
  })),
  {
    table: 'ubuntu5_auditd',
    dataset: 'log4shell',
    files: [
      log4shell(
        'syslog_auoms_auditd_log4shell_cve2021_44228_jndi_reference',
        'syslog_auoms_auditd_log4shell_cve2021_44228_jndi_reference_2022-05-11181020.json',
      ),
    ],
    format: 'ndjson',
    description:
      'Linux server UBUNTU5: auditd (auoms) records in Sentinel Syslog shape; SyslogMessage holds the record (execve records carry the command line).',
  },
  {
    table: 'ubuntu5_sysmon',
    dataset: 'log4shell',
    files: [
      log4shell(
        'syslog_sysmon_log4shell_cve2021_44228_jndi_reference',
        'syslog_sysmon_log4shell_cve2021_44228_jndi_reference_2022-05-11181020.json',
      ),
    ],
    format: 'ndjson',
    description:
      'Linux server UBUNTU5: Sysmon for Linux events in Sentinel Syslog shape; SyslogMessage is the event XML (EventID, Image, CommandLine, ParentImage).',
  },
  {
    table: 'ubuntu5_vmconnection',
    dataset: 'log4shell',
    files: [
      log4shell(
        'vminsights_vmconnection_log4shell_cve2021_44228_jndi_reference',
        'vminsights_vmconnection_log4shell_cve2021_44228_jndi_reference_2022-05-11181020.json',
      ),
    ],
    format: 'ndjson',
    description:
      'Linux server UBUNTU5: VM Insights VMConnection rows (process, direction, source/destination address and port, bytes).',
  },
  {
    table: 'workstation5_sysmon',
    dataset: 'log4shell',
    files: [
      log4shell(
        'sysmon_log4shell_cve2021_44228_java_serialized_object',
        'sysmon_log4shell_cve2021_44228_java_serialized_object_2022-05-13045800.json',
      ),
    ],
    format: 'ndjson',
    description:
      'Windows WORKSTATION5: Sysmon events; EventData is a JSON string (Image, CommandLine, ParentImage).',
  },
  {
    table: 'workstation5_security',
    dataset: 'log4shell',
    files: [
      log4shell(
        'securityauditing_log4shell_cve2021_44228_java_serialized_object',
        'securityauditing_log4shell_cve2021_44228_java_serialized_object_2022-05-13045400.json',
      ),
    ],
    format: 'ndjson',
    description: 'Windows WORKSTATION5: Security auditing events; EventData is the event XML.',
  },
  {
    table: 'cloudtrail_events',
    dataset: 'aws_cloudtrail',
    files: [
      'otrf/aws_cloudtrail/ec2_proxy_s3_exfiltration.zip#ec2_proxy_s3_exfiltration_2020-09-14011940.json',
    ],
    format: 'ndjson',
    description:
      'AWS CloudTrail events of one account (eventName, eventSource, sourceIPAddress, userAgent, userIdentity struct, requestParameters struct, eventTime).',
  },
  {
    table: 's3_bucket_access',
    dataset: 'aws_cloudtrail',
    files: ['otrf/aws_cloudtrail/aws_s3_honeybucketlogs.zip#AWS_S3_HoneyBucketLogs.csv'],
    format: 'csv',
    description:
      'Access log of one S3 bucket (Event Name, User ID, Request Parameters, Source IP, Request User Agent, Event DateTime).',
  },
  {
    table: 'azure_ad_audit',
    dataset: 'goldensaml',
    files: ['otrf/goldensaml/AADAuditEvents.Zip#AADAuditEvents.json'],
    format: 'ndjson',
    description:
      'Azure AD audit events of one tenant (OperationName, InitiatedBy, TargetResources, TimeGenerated).',
  },
  {
    table: 'm365_defender_events',
    dataset: 'goldensaml',
    files: ['otrf/goldensaml/Microsoft365DefenderEvents.Zip#Microsoft365DefenderEvents.json'],
    format: 'ndjson',
    description:
      "Microsoft 365 Defender device events of the tenant's servers (ActionType, DeviceName, AdditionalFields, Timestamp).",
  },
  {
    table: 'office_activity',
    dataset: 'goldensaml',
    files: ['otrf/goldensaml/OfficeActivityEvents.Zip#OfficeActivityEvents.json'],
    format: 'ndjson',
    description:
      'Office 365 activity of one tenant (Operation, UserId, ClientAppId, Client_IPAddress, TimeGenerated).',
  },
  {
    table: 'tenant_windows_events',
    dataset: 'goldensaml',
    files: ['otrf/goldensaml/WindowsEvents.Zip#WindowsEvents.json'],
    format: 'ndjson',
    description: "Windows events of the tenant's servers (EventID, EventData, Computer, TimeGenerated).",
  },
  {
    table: 'apt29_zeek',
    dataset: 'apt29_zeek',
    files: ['otrf/apt29_zeek/day1/combined_zeek.log', 'otrf/apt29_zeek/day2/combined_zeek.log'],
    format: 'ndjson',
    description:
      'Zeek logs of one network over two days, all streams in one table ("@stream" is conn, dns, http, ssl, …; ts is epoch seconds; source_file says which day).',
  },
  {
    table: 'sentinel_alerts',
    dataset: 'excytin',
    files: ['excytin/extracted_alerts.csv'],
    format: 'excytin-csv',
    description:
      'Microsoft Sentinel SecurityAlert rows from ExCyTIn-Bench (AlertName, AlertSeverity, Entities JSON, Tactics, Techniques, CompromisedEntity).',
  },
  {
    table: 'sentinel_incidents',
    dataset: 'excytin',
    files: ['excytin/extracted_incidents.csv'],
    format: 'excytin-csv',
    description: 'Microsoft Sentinel SecurityIncident rows from ExCyTIn-Bench (Title, Severity, AlertIds).',
  },
  {
    table: 'sentinel_incident_reports',
    dataset: 'excytin',
    files: [
      'excytin/incident_reports/incident_5_incident_report.txt',
      'excytin/incident_reports/incident_34_incident_report.txt',
      'excytin/incident_reports/incident_38_incident_report.txt',
      'excytin/incident_reports/incident_39_incident_report.txt',
      'excytin/incident_reports/incident_55_incident_report.txt',
      'excytin/incident_reports/incident_134_incident_report.txt',
      'excytin/incident_reports/incident_166_incident_report.txt',
      'excytin/incident_reports/incident_322_incident_report.txt',
    ],
    format: 'text-files',
    description: 'ExCyTIn-Bench incident reports as text (incident_number, report).',
  },
];
