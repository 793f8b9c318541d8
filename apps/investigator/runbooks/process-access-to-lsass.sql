-- title: Process access to lsass.exe
-- description: Processes that opened lsass.exe (Sysmon event 10, process access) per host, source image and granted access, rarest first. Credential dumpers show up as few events from an image in a user folder, with access masks such as 0x1010 or 0x1410; frequent system images (VBoxService, svchost) are usually benign.
select
  Hostname as host,
  SourceImage as source_image,
  GrantedAccess as granted_access,
  count(*) as events,
  min("@timestamp") as first_seen,
  max("@timestamp") as last_seen
from mkt01_windows
where EventID = 10 and TargetImage ilike '%\lsass.exe'
group by all
order by events, first_seen
