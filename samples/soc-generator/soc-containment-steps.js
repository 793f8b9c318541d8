import { actionResult } from './soc-lookups.js';
/** Containment (sessions, hosts, indicators), a check that the beacon stopped, and the final report. */
export function containmentSteps(context) {
  const { world, maya, daniel, priya, table, sql, agent, call } = context;
  return [
    agent(
      `No anomalies for the other Finance users. Containing now: revoking the three victims' sessions.`,
      call('revoke_sessions', { upn: maya.upn }, actionResult('revoke_sessions', maya.upn, world, 1)),
      call('revoke_sessions', { upn: daniel.upn }, actionResult('revoke_sessions', daniel.upn, world, 2)),
      call('revoke_sessions', { upn: priya.upn }, actionResult('revoke_sessions', priya.upn, world, 3)),
    ),
    agent(
      `Isolating the two infected workstations.`,
      call(
        'isolate_host',
        { host: maya.host, reason: `${world.alertId}: Latrodectus loader, C2 beacon, exfiltration` },
        actionResult('isolate_host', maya.host, world, 5),
      ),
      call(
        'isolate_host',
        { host: daniel.host, reason: `${world.alertId}: Latrodectus loader, C2 beacon, exfiltration` },
        actionResult('isolate_host', daniel.host, world, 6),
      ),
    ),
    agent(
      `Blocking the indicators on proxy, firewall and EDR.`,
      call(
        'block_indicator',
        { indicator: world.phishDomain, kind: 'domain' },
        actionResult('block_indicator', world.phishDomain, world, 8),
      ),
      call(
        'block_indicator',
        { indicator: world.c2.domain, kind: 'domain' },
        actionResult('block_indicator', world.c2.domain, world, 8),
      ),
      call(
        'block_indicator',
        { indicator: world.c2.ip, kind: 'ip' },
        actionResult('block_indicator', world.c2.ip, world, 9),
      ),
      call(
        'block_indicator',
        { indicator: world.loginIps.vps, kind: 'ip' },
        actionResult('block_indicator', world.loginIps.vps, world, 9),
      ),
      call(
        'block_indicator',
        { indicator: world.exfilIp, kind: 'ip' },
        actionResult('block_indicator', world.exfilIp, world, 10),
      ),
      call(
        'block_indicator',
        { indicator: world.hashes.payload, kind: 'sha256' },
        actionResult('block_indicator', world.hashes.payload, world, 10),
      ),
    ),
    agent(
      `Verifying that the beacon stopped after isolation.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM network_connections WHERE dest_ip IN ('${world.c2.ip}', '${world.exfilIp}') AND timestamp > '${world.start}'::timestamp + interval '2 hours' ORDER BY timestamp`,
        ),
        table({
          columns: [
            'timestamp',
            'host',
            'process',
            'dest_ip',
            'dest_port',
            'dest_domain',
            'bytes_out',
            'bytes_in',
          ],
          rows: [],
        }),
      ),
    ),
    { kind: 'report', text: finalReport(context) },
  ];
}
function finalReport({ world, maya, daniel, priya }) {
  return [
    `## ${world.alertId} — adversary-in-the-middle phishing leading to Latrodectus and payment-data theft`,
    '',
    '**Verdict:** true positive, high severity, contained.',
    '',
    '**Timeline (UTC, 2025-03-11)**',
    `- 07:04–07:16 DocuSign-themed lure from ${world.phishSender} to three users.`,
    `- 07:42 session token of ${maya.upn} replayed from ${world.loginIps.vps}; 07:51 inbox forwarding rule created.`,
    `- 07:56 EXCEL.EXE → encoded PowerShell → rundll32 msupd_4821.dll on ${maya.host}; C2 beacon to ${world.c2.domain} every ~60 s.`,
    `- 08:08–08:30 64 finance files downloaded from SharePoint via ${world.loginIps.tor}; 08:15 ~50 MB uploaded to ${world.exfilIp}.`,
    `- 08:29 session of ${daniel.upn} replayed; 08:43 the same chain on ${daniel.host}. ${priya.upn}'s session was replayed too (09:16), but no payload ran.`,
    '',
    '**IOCs**',
    `- IPs: ${world.loginIps.vps}, ${world.loginIps.tor}, ${world.c2.ip}, ${world.exfilIp}`,
    `- Domains: ${world.phishDomain}, ${world.c2.domain}`,
    `- SHA-256: ${world.hashes.payload} (msupd_4821.dll), ${world.hashes.archiver} (7za.exe)`,
    `- Accounts: ${maya.upn}, ${daniel.upn}, ${priya.upn}`,
    '',
    '**Done:** sessions revoked, two hosts isolated, indicators blocked; no beacon after isolation.',
    '**Next:** remove the inbox rules and scheduled tasks, reset passwords and re-register MFA, reimage both hosts, alert Accounts Payable to verify any bank-detail change requests received since 2025-03-11 by phone, and notify the DPO about the exfiltrated vendor data.',
  ].join('\n');
}
