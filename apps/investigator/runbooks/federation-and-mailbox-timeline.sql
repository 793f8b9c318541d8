-- title: AD FS, directory, Azure AD and mailbox activity in one timeline
-- description: One timeline across the identity sources: directory object reads and replication against the domain controller (event 4662, which covers reads of the AD FS DKM key; Defender "Directory Services replication"), AD FS server activity (SQL audit 33205 on the configuration database, token events 412/501), Azure AD changes to an application's credentials and delegated permission grants, and mailbox reads (MailItemsAccessed) with the client application that made them. A token-signing key read from the directory followed by mailbox reads through an application that was just granted permissions is how forged SAML tokens show. Logons (4624) are left out: query tenant_windows_events for them.
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
from tenant_windows_events
where EventID <> 4624
union all
select
  try_cast(Timestamp as timestamp),
  'm365 defender',
  coalesce(nullif(DeviceName, ''), AccountName),
  ActionType,
  coalesce(InitiatingProcessFileName, '')
from m365_defender_events
union all
select
  TimeGenerated,
  'azure ad audit',
  json_extract_string(InitiatedBy, '$.user.userPrincipalName'),
  trim(OperationName),
  array_to_string(json_extract_string(TargetResources, '$[*].displayName'), ', ')
from azure_ad_audit
union all
select
  TimeGenerated,
  'office activity',
  UserId,
  Operation,
  'client app ' || coalesce(cast(ClientAppId as varchar), '?') || ' from ' || coalesce(Client_IPAddress, '?')
from office_activity
order by time, source
