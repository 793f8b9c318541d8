-- title: A Linux server's commands and outbound connections
-- description: Commands run on Linux servers (auditd execve records: command line, executable, pid and parent pid, with any base64 payload decoded) beside the outbound connections of java and bash (VMConnection), in one timeline. A service's JVM starting a shell, a decoded payload redirecting a shell to /dev/tcp, and that shell then connecting out are the marks of a reverse shell.
with commands as (
  select
    EventTime as time,
    Computer as host,
    regexp_extract(SyslogMessage, ' user=(\S+)', 1) as user_name,
    regexp_extract(SyslogMessage, ' exe="([^"]*)"', 1) as process,
    regexp_extract(SyslogMessage, 'cmdline="(.*?)" redactors=', 1) as command_line,
    regexp_extract(SyslogMessage, ' pid=(\d+)', 1) as pid,
    regexp_extract(SyslogMessage, ' ppid=(\d+)', 1) as parent_pid
  from ubuntu5_auditd
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
from ubuntu5_vmconnection
where ProcessName in ('java', 'bash', 'sh', 'dash')
order by time, kind
