-- title: Processes started from user folders and their children
-- description: Process creations (Sysmon event 1) whose image or parent image lives under C:\Users (Downloads, AppData, Temp), where downloaded or dropped programs run, with the command lines, in time order. Follow a suspicious parent's children to see what it ran (cmd.exe, PowerShell).
select
  "@timestamp" as time,
  Hostname as host,
  ParentImage as parent_image,
  Image as image,
  CommandLine as command_line,
  "User" as user_name
from mkt01_windows
where EventID = 1 and (Image ilike 'C:\Users\%' or ParentImage ilike 'C:\Users\%')
order by time
