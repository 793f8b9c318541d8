const tool = (name, description, properties) => ({
  type: 'function',
  function: {
    name,
    description,
    parameters: {
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    },
  },
});
const string = (description) => ({ type: 'string', description });
/** The security analyst agent's tools. */
export const socTools = [
  tool('get_alert', 'Fetch an alert with its entities and evidence.', {
    alert_id: string('Alert id, e.g. SOC-41234'),
  }),
  tool(
    'query_logs',
    'Run a read-only SQL query over the log lake. Tables: signin_logs, process_events, network_connections, ' +
      'dns_queries, email_events, cloud_app_events, audit_logs. Returns at most 500 rows as a pipe-separated table.',
    { sql: string('A SELECT statement') },
  ),
  tool('lookup_ip', 'Threat intelligence for an IP address: owner, reputation, tags, passive DNS.', {
    ip: string('IPv4 address'),
  }),
  tool('lookup_domain', 'Registration, resolutions, certificate and reputation of a domain.', {
    domain: string('Fully qualified domain name'),
  }),
  tool('lookup_hash', 'What a file hash is known as: detections, labels, sandbox behaviour.', {
    sha256: string('SHA-256 of the file'),
  }),
  tool('get_user', 'Directory details of an account: department, manager, groups, MFA, risk.', {
    upn: string('User principal name'),
  }),
  tool('revoke_sessions', 'Revoke every refresh token and session of an account.', {
    upn: string('User principal name'),
  }),
  tool('isolate_host', 'Isolate a host from the network, leaving the EDR channel open.', {
    host: string('Host name'),
    reason: string('Why, for the audit trail'),
  }),
  tool('block_indicator', 'Block an IP address, domain or file hash on the proxy, firewall and EDR.', {
    indicator: string('The IP, domain or SHA-256'),
    kind: { type: 'string', enum: ['ip', 'domain', 'sha256'] },
  }),
];
