import { phishDnsQueries, processEvents } from './endpoint-tables.js';
import { emailEvents, signinLogs, signinsFromAttackerIps } from './identity-tables.js';
import { alertDetails, domainReputation, userDetails } from './soc-lookups.js';
/** From the alert to the phishing lure and the first host's process events, then the SOC lead's question. */
export function triageSteps(context) {
  const { world, random, maya, daniel, priya, table, sql, agent, call, lookupIp } = context;
  return [
    agent(
      `Starting triage of ${world.alertId}. First I'll pull the alert to see its entities and evidence.`,
      call('get_alert', { alert_id: world.alertId }, alertDetails(world)),
    ),
    agent(
      `The alert links a risky sign-in for ${maya.upn} from ${world.loginIps.vps} to an encoded PowerShell on ${maya.host}. I'll look at her directory record and her sign-in history for the last 14 days in parallel to establish a baseline.`,
      call('get_user', { upn: maya.upn }, userDetails(world, random, maya)),
      call(
        'query_logs',
        sql(
          `SELECT * FROM signin_logs WHERE user_principal_name = '${maya.upn}' AND timestamp > now() - interval '14 days' ORDER BY timestamp DESC`,
        ),
        table(signinLogs(world, random, { users: [maya], days: 14, victims: [maya] })),
      ),
    ),
    agent(
      `Her baseline is Rotterdam office (${world.corporateIp}) and a home ISP address; at ${world.start} there is a sign-in from ${world.loginIps.vps} (Amsterdam, Linux Chrome) with "MFA satisfied by claim in the token" — typical of a replayed session cookie — followed by ${world.loginIps.tor} and a python-requests client. Checking both addresses.`,
      lookupIp(world.loginIps.vps),
      lookupIp(world.loginIps.tor),
    ),
    agent(
      `${world.loginIps.vps} is tagged aitm-phishing/evilginx and resolves ${world.phishDomain}. Other users may have been phished by the same kit, so I'll search the whole tenant for sign-ins from both addresses.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM signin_logs WHERE ip_address IN ('${world.loginIps.vps}', '${world.loginIps.tor}') ORDER BY timestamp`,
        ),
        table(signinsFromAttackerIps(world)),
      ),
    ),
    agent(
      `Three accounts have successful token replays: ${maya.upn}, ${daniel.upn} and ${priya.upn}; six more show failed password sprays. Looking for the lure in their mailboxes.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM email_events WHERE recipient IN ('${maya.upn}', '${daniel.upn}', '${priya.upn}') AND timestamp > now() - interval '3 days' ORDER BY timestamp`,
        ),
        table(emailEvents(world, random, [maya, daniel, priya])),
      ),
    ),
    agent(
      `Each victim received "Completed: Please review and sign" from ${world.phishSender} 30–40 minutes before the replayed sign-in. Checking the lure domain.`,
      call(
        'lookup_domain',
        { domain: world.phishDomain },
        domainReputation(world, random, world.phishDomain),
      ),
    ),
    agent(
      `Phishing confirmed (registered 2025-02-25, brand impersonation). Who else got the lure? Searching all mail from the sender and to the tenant.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM email_events WHERE timestamp > now() - interval '3 days' AND (sender = '${world.phishSender}' OR recipient LIKE '%@${world.domain}') ORDER BY timestamp`,
        ),
        table(emailEvents(world, random, world.users.slice(3))),
      ),
    ),
    agent(
      `Only the three victims received the DocuSign lure; the rest is routine mail. Which hosts resolved the phishing domain (opened the link)?`,
      call(
        'query_logs',
        sql(`SELECT * FROM dns_queries WHERE query LIKE '%${world.phishDomain}' ORDER BY timestamp`),
        table(phishDnsQueries(world, random)),
      ),
    ),
    agent(
      `A few more hosts resolved the domain but their users never signed in from the attacker's address (their failures above are the spray). Now the endpoint side: process events on ${maya.host} around the alert.`,
      call(
        'query_logs',
        sql(
          `SELECT * FROM process_events WHERE host = '${maya.host}' AND timestamp BETWEEN '${world.start}'::timestamp - interval '2 hours' AND '${world.start}'::timestamp + interval '90 minutes' ORDER BY timestamp`,
        ),
        table(processEvents(world, random, { user: maya, attackOffset: 0, rows: 150 })),
      ),
    ),
    {
      kind: 'user',
      text: `This is Sam from the SOC day shift. Please also tell us whether the rundll32 payload is known malware and whether any server was touched — the CFO's team is asking if payment files left the network.`,
    },
  ];
}
