-- title: Log4Shell reverse shell on a Linux web server
-- description: Commands the web server's service account ran (auditd execve records: command line, executable, pid and parent pid, with any base64 payload decoded) beside the outbound connections of java and bash (VMConnection), in one timeline. A java process spawning `bash -c {echo,<base64>}|{base64,-d}|{bash,-i}`, then bash connecting out to the attacker, is the Log4Shell reverse shell.
with commands as (
  select
    EventTime as time,
    Computer as host,
    regexp_extract(SyslogMessage, ' user=(\S+)', 1) as user_name,
    regexp_extract(SyslogMessage, ' exe="([^"]*)"', 1) as process,
    regexp_extract(SyslogMessage, 'cmdline="(.*?)" redactors=', 1) as command_line,
    regexp_extract(SyslogMessage, ' pid=(\d+)', 1) as pid,
    regexp_extract(SyslogMessage, ' ppid=(\d+)', 1) as parent_pid
  from log4shell_auditd
  where SyslogMessage like '%syscall=execve%' and SyslogMessage like '%success=yes%'
)
select
  time,
  host,
  'execve' as kind,
  user_name,
  process,
  command_line as detail,
  pid,
  parent_pid,
  try(decode(from_base64(nullif(regexp_extract(command_line, '\{echo,([A-Za-z0-9+/=]+)\}', 1), '')))) as decoded_payload
from commands
where user_name not in ('root', 'nobody')
union all
select
  TimeGenerated as time,
  Computer as host,
  'connection ' || Direction as kind,
  null as user_name,
  ProcessName as process,
  SourceIp || ' -> ' || DestinationIp || ':' || DestinationPort || '/' || Protocol as detail,
  null as pid,
  null as parent_pid,
  null as decoded_payload
from log4shell_vmconnection
where ProcessName in ('java', 'bash', 'sh', 'dash')
order by time, kind
