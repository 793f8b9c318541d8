import { c2DnsQueries, hashHits, networkConnections, processEvents } from './endpoint-tables.js';
import { auditLogs, cloudAppEvents, signinLogs } from './identity-tables.js';
import { domainReputation, hashReputation, userDetails } from './soc-lookups.js';
/** Scoping: payload and C2, the other hosts and accounts, the file server, SharePoint and mailbox rules. */
export function scopingSteps(context) {
  const { world, random, maya, daniel, priya, peers, server, table, sql, agent, call, lookupIp } = context;
  return [
    agent(
      `Noted. EXCEL.EXE spawned PowerShell with an encoded download cradle, then rundll32 loaded msupd_4821.dll, ran discovery (whoami, nltest, net group) and created a logon scheduled task; later 7za.exe zipped Documents and curl.exe posted it to ${world.exfilIp}. Looking up the hashes.`,
      call(
        'lookup_hash',
        { sha256: world.hashes.payload },
        hashReputation(world, random, world.hashes.payload),
      ),
      call(
        'lookup_hash',
        { sha256: world.hashes.archiver },
        hashReputation(world, random, world.hashes.archiver),
      ),
    ),
    agent(
      `msupd_4821.dll is Latrodectus (${world.c2.domain}:443 in the sandbox). Checking the host's network connections for the beacon and the upload.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM network_connections WHERE host = '${maya.host}' AND timestamp BETWEEN '${world.start}'::timestamp - interval '30 minutes' AND '${world.start}'::timestamp + interval '2 hours' ORDER BY timestamp`,
        ),
        table(networkConnections(world, random, { users: [maya], beaconFrom: [maya], minutes: 110 })),
      ),
    ),
    agent(
      `rundll32.exe beacons to ${world.c2.ip} (${world.c2.domain}) about every 60 seconds, and curl.exe sent ~50 MB to ${world.exfilIp}. Enriching both.`,
      call('lookup_domain', { domain: world.c2.domain }, domainReputation(world, random, world.c2.domain)),
      lookupIp(world.c2.ip),
      lookupIp(world.exfilIp),
    ),
    agent(
      `Scoping: which other hosts resolved the C2 domain?`,
      call(
        'query_logs',
        sql(`SELECT * FROM dns_queries WHERE query = '${world.c2.domain}' ORDER BY timestamp`),
        table(c2DnsQueries(world, random)),
      ),
    ),
    agent(
      `${daniel.host} (${daniel.upn}) resolves it repeatedly and ${priya.host} once. Searching the fleet for the loader and payload hashes.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE sha256 IN ('${world.hashes.loader}', '${world.hashes.payload}', '${world.hashes.archiver}')`,
        ),
        'ERROR: column "sha256" is ambiguous in this view; use process_events.file_sha256',
      ),
    ),
    agent(
      `The view names the column differently; retrying.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE file_sha256 IN ('${world.hashes.loader}', '${world.hashes.payload}', '${world.hashes.archiver}')`,
        ),
        table(hashHits(world)),
      ),
    ),
    agent(
      `The same chain ran on ${daniel.host} 47 minutes after ${maya.host}. To answer whether a server was touched: process events and connections of the finance file server ${server.host}, which both victims map.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE host = '${server.host}' AND timestamp BETWEEN '${world.start}' AND '${world.start}'::timestamp + interval '3 hours' ORDER BY timestamp`,
        ),
        table(processEvents(world, random, { user: server, rows: 140 })),
      ),
      call(
        'query_logs',
        sql(
          `SELECT * FROM network_connections WHERE host = '${server.host}' AND timestamp BETWEEN '${world.start}' AND '${world.start}'::timestamp + interval '3 hours' ORDER BY timestamp`,
        ),
        table(networkConnections(world, random, { users: [server, server, server], minutes: 170 })),
      ),
    ),
    {
      kind: 'user',
      text: `Sam again, thanks. Before you contain anything, confirm the file server is clean: we cannot isolate it during today's payment run.`,
    },
    agent(
      `${server.host} shows only routine service activity and no connection to the C2 or upload addresses, so it stays online. Back to the victims: pulling the second and third victims' directory records.`,
      call('get_user', { upn: daniel.upn }, userDetails(world, random, daniel)),
      call('get_user', { upn: priya.upn }, userDetails(world, random, priya)),
    ),
    agent(
      `${priya.upn} is a service desk analyst — a privileged target. Her sign-ins and ${daniel.upn}'s over the last week:`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM signin_logs WHERE user_principal_name IN ('${daniel.upn}', '${priya.upn}') AND timestamp > now() - interval '7 days' ORDER BY timestamp DESC`,
        ),
        table(signinLogs(world, random, { users: [daniel, priya], days: 7, victims: [daniel, priya] })),
      ),
    ),
    agent(
      `Both show the same replay pattern. Process events on ${daniel.host}:`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE host = '${daniel.host}' AND timestamp BETWEEN '${world.start}'::timestamp - interval '1 hour' AND '${world.start}'::timestamp + interval '2 hours' ORDER BY timestamp`,
        ),
        table(processEvents(world, random, { user: daniel, attackOffset: 47, rows: 130 })),
      ),
    ),
    agent(
      `Same loader, discovery and persistence on ${daniel.host}. And ${priya.host}, which resolved the C2 domain once:`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE host = '${priya.host}' AND timestamp BETWEEN '${world.start}'::timestamp AND '${world.start}'::timestamp + interval '3 hours' ORDER BY timestamp`,
        ),
        table(processEvents(world, random, { user: priya, rows: 110 })),
      ),
    ),
    agent(
      `Nothing malicious on ${priya.host}: the single DNS lookup came from a browser preview of the lure, no loader ran. Network view of all three hosts, to size the exfiltration:`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM network_connections WHERE host IN ('${maya.host}', '${daniel.host}', '${priya.host}') AND timestamp BETWEEN '${world.start}' AND '${world.start}'::timestamp + interval '3 hours' ORDER BY timestamp`,
        ),
        table(
          networkConnections(world, random, {
            users: [maya, daniel, priya],
            beaconFrom: [maya, daniel],
            minutes: 170,
          }),
        ),
      ),
    ),
    agent(
      `Two uploads to ${world.exfilIp} (~100 MB together). The cloud side: what did the replayed session do in SharePoint?`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM cloud_app_events WHERE user_principal_name = '${maya.upn}' AND timestamp > now() - interval '2 days' ORDER BY timestamp`,
        ),
        table(cloudAppEvents(world, random, maya)),
      ),
    ),
    agent(
      `64 FileDownloaded events from the Tor exit in about 22 minutes: vendor bank details, payment runs, IBAN changes. This is a payment-diversion (BEC) setup. Checking mailbox rules and directory changes.`,
      call(
        'query_logs',
        sql(`SELECT * FROM audit_logs WHERE timestamp > now() - interval '3 days' ORDER BY timestamp`),
        table(auditLogs(world, random)),
      ),
    ),
    agent(
      `Inbox rules on ${maya.upn} and ${daniel.upn} hide mail about invoices and payments and forward it to ap-archive@${world.phishDomain}. Checking whether the Finance peers were sprayed successfully too.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM signin_logs WHERE user_principal_name IN (${peers.map((user) => `'${user.upn}'`).join(', ')}) AND timestamp > now() - interval '5 days' ORDER BY timestamp DESC`,
        ),
        table(signinLogs(world, random, { users: peers, days: 5 })),
      ),
    ),
  ];
}
