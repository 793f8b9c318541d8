-- title: Golden SAML timeline
-- description: One timeline of the Golden SAML steps across sources: directory reads and replication against the domain controller (AD FS DKM key theft, event 4662; Defender "Directory Services replication"), AD FS server activity (SQL audit 33205 on the configuration database, token events 412/501), Azure AD changes to an application's credentials and delegated permission grants, and the mailbox reads (MailItemsAccessed) done with the forged token. Logons (4624) are left out: query goldensaml_windows_events for them.
select
  try_cast(TimeGenerated as timestamp) as time,
  'windows' as source,
  Computer as actor_or_host,
  cast(EventID as varchar) as action,
  case EventID
    when 4662 then 'directory object accessed (DKM key read / replication rights)'
    when 33205 then 'SQL Server audit on the AD FS configuration database'
    when 412 then 'AD FS: token authenticated'
    when 501 then 'AD FS: caller claims'
    when 18 then 'Sysmon: named pipe connected'
    when 5156 then 'network connection allowed'
    when 4624 then 'logon'
    else 'other'
  end as detail
from goldensaml_windows_events
where EventID <> 4624
union all
select
  try_cast(Timestamp as timestamp),
  'm365 defender',
  coalesce(nullif(DeviceName, ''), AccountName),
  ActionType,
  coalesce(InitiatingProcessFileName, '')
from goldensaml_m365_defender
union all
select
  TimeGenerated,
  'azure ad audit',
  json_extract_string(InitiatedBy, '$.user.userPrincipalName'),
  trim(OperationName),
  array_to_string(json_extract_string(TargetResources, '$[*].displayName'), ', ')
from goldensaml_aad_audit
union all
select
  TimeGenerated,
  'office activity',
  UserId,
  Operation,
  'client app ' || coalesce(cast(ClientAppId as varchar), '?') || ' from ' || coalesce(Client_IPAddress, '?')
from goldensaml_office_activity
order by time, source
