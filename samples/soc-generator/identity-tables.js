import { at } from './log-table.js';
const apps = [
  'Office 365 Exchange Online',
  'Microsoft Teams',
  'SharePoint Online',
  'OneDrive for Business',
  'Workday',
  'Azure Portal',
  'Salesforce',
];
const browsers = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/122.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Edg/122.0.0.0',
  'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) Teams/6.3.1',
];
const attackerAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/121.0.0.0 Safari/537.36';
const signinColumns = [
  'timestamp',
  'user_principal_name',
  'ip_address',
  'location',
  'app',
  'client_app',
  'user_agent',
  'result',
  'mfa_detail',
  'risk_level',
];
/** Ordinary sign-ins of `users` over `days` days before the incident, from the office and from home. */
function routineSignins(world, random, users, days) {
  const rows = [];
  for (const user of users) {
    for (let day = days; day >= 1; day -= 1) {
      if (random.chance(0.2)) continue;
      for (let n = random.int(2, 6); n > 0; n -= 1) {
        const office = random.chance(0.65);
        rows.push([
          at(world.start, -day * 1440 + random.int(-90, 600)),
          user.upn,
          office ? world.corporateIp : user.homeIp,
          `${office ? 'Rotterdam' : user.city}, NL`,
          random.pick(apps),
          random.chance(0.8) ? 'Browser' : 'Mobile Apps and Desktop clients',
          random.pick(browsers),
          random.chance(0.96) ? 'Success' : 'Failure: 50126 invalid username or password',
          random.chance(0.7)
            ? 'MFA requirement satisfied by claim in the token'
            : 'Authenticator app notification',
          'none',
        ]);
      }
    }
  }
  return rows;
}
/** The adversary-in-the-middle sign-ins: stolen session tokens replayed from a VPS and a Tor exit. */
function attackSignins(world, victims) {
  return victims.flatMap((user, index) => {
    const offset = index * 47;
    return [
      [
        at(world.start, offset),
        user.upn,
        world.loginIps.vps,
        'Amsterdam, NL',
        'OfficeHome',
        'Browser',
        attackerAgent,
        'Success',
        'MFA requirement satisfied by claim in the token',
        'high',
      ],
      [
        at(world.start, offset + 3.5),
        user.upn,
        world.loginIps.vps,
        'Amsterdam, NL',
        'Office 365 Exchange Online',
        'Browser',
        attackerAgent,
        'Success',
        'MFA requirement satisfied by claim in the token',
        'high',
      ],
      [
        at(world.start, offset + 21),
        user.upn,
        world.loginIps.tor,
        'Unknown',
        'SharePoint Online',
        'Browser',
        attackerAgent,
        'Success',
        'MFA requirement satisfied by claim in the token',
        'medium',
      ],
      [
        at(world.start, offset + 26),
        user.upn,
        world.loginIps.tor,
        'Unknown',
        'OneDrive for Business',
        'Other clients',
        'python-requests/2.31.0',
        'Success',
        'MFA requirement satisfied by claim in the token',
        'high',
      ],
    ];
  });
}
const byTime = (a, b) => String(a[0]).localeCompare(String(b[0]));
/** `signin_logs` of some users over some days, with the attack's sign-ins among them. */
export function signinLogs(world, random, { users, days, victims = [] }) {
  const rows = [...routineSignins(world, random, users, days), ...attackSignins(world, victims)];
  return { columns: signinColumns, rows: rows.sort(byTime).reverse() };
}
/** Every sign-in from the attacker's addresses, across the tenant. */
export function signinsFromAttackerIps(world) {
  const rows = attackSignins(world, world.victims);
  const failures = world.users
    .slice(3, 9)
    .map((user, index) => [
      at(world.start, -180 + index * 11),
      user.upn,
      world.loginIps.vps,
      'Amsterdam, NL',
      'OfficeHome',
      'Browser',
      attackerAgent,
      'Failure: 50126 invalid username or password',
      'n/a',
      'medium',
    ]);
  return { columns: signinColumns, rows: [...rows, ...failures].sort(byTime) };
}
/** `email_events`: the recipients' mail over three days, with the DocuSign-themed phishing wave. */
export function emailEvents(world, random, recipients) {
  const senders = [
    'no-reply@workday.example',
    'it-announcements@northwind.example',
    'newsletter@freightnews.example',
    'invoices@carrier-partner.example',
    'noreply@teams.example',
  ];
  const subjects = [
    'Weekly freight capacity report',
    'Your timesheet is due',
    'Invoice INV-{n} for March',
    'Team offsite agenda',
    'Action required: benefits enrolment',
    'Shipment delayed: PO {n}',
  ];
  const rows = [];
  for (const user of recipients) {
    for (let n = random.int(12, 20); n > 0; n -= 1) {
      rows.push([
        at(world.start, -random.int(60, 4300)),
        user.upn,
        random.pick(senders),
        random.pick(subjects).replace('{n}', String(random.int(10_000, 99_999))),
        random.chance(0.4) ? 'workday.example' : '',
        random.chance(0.2) ? `report_${random.int(100, 999)}.pdf` : '',
        'Delivered',
        'clean',
      ]);
    }
  }
  world.victims.forEach((user, index) => {
    rows.push([
      at(world.start, -38 + index * 6),
      user.upn,
      world.phishSender,
      'Completed: Please review and sign "Q1 Vendor Payment Terms.pdf"',
      world.phishDomain,
      '',
      'Delivered',
      'clean (URL detonation pending)',
    ]);
  });
  return {
    columns: [
      'timestamp',
      'recipient',
      'sender',
      'subject',
      'url_domain',
      'attachment',
      'delivery_action',
      'verdict',
    ],
    rows: rows.sort(byTime),
  };
}
/** `cloud_app_events` of one user: ordinary SharePoint work, then the bulk download from the Tor exit. */
export function cloudAppEvents(world, random, user) {
  const folders = [
    'Finance/AP/Vendors',
    'Finance/AP/Payments/2025-03',
    'Finance/Treasury',
    'Finance/Audit/FY24',
  ];
  const rows = [];
  for (let n = random.int(20, 30); n > 0; n -= 1) {
    rows.push([
      at(world.start, -random.int(200, 2800)),
      user.upn,
      world.corporateIp,
      'FileAccessed',
      `${random.pick(folders)}/doc_${random.hex(6)}.xlsx`,
      random.int(20, 900) * 1024,
    ]);
  }
  for (let n = 0; n < 64; n += 1) {
    rows.push([
      at(world.start, 26 + n * 0.35),
      user.upn,
      world.loginIps.tor,
      'FileDownloaded',
      `${random.pick(folders)}/${random.pick(['vendor_bank_details', 'payment_run', 'remittance', 'iban_changes', 'supplier_master'])}_${random.hex(5)}.xlsx`,
      random.int(40, 4000) * 1024,
    ]);
  }
  return {
    columns: ['timestamp', 'user_principal_name', 'ip_address', 'operation', 'object', 'size_bytes'],
    rows: rows.sort(byTime),
  };
}
/** `audit_logs` of mailbox and directory changes, with the attacker's forwarding rules. */
export function auditLogs(world, random) {
  const routine = [
    'Set-Mailbox',
    'Add-MailboxPermission',
    'Update user',
    'Reset password (self-service)',
    'Add member to group',
  ];
  const rows = [];
  for (let n = 0; n < 24; n += 1) {
    const user = random.pick(world.users);
    rows.push([
      at(world.start, -random.int(100, 4000)),
      user.upn,
      random.chance(0.5) ? world.corporateIp : user.homeIp,
      random.pick(routine),
      `target=${user.upn}`,
    ]);
  }
  world.victims.slice(0, 2).forEach((user, index) => {
    rows.push([
      at(world.start, 9 + index * 47),
      user.upn,
      world.loginIps.vps,
      'New-InboxRule',
      `Name=".." From=*; SubjectContainsWords=invoice,payment,remittance; MoveToFolder=RSS Subscriptions; ForwardTo=ap-archive@${world.phishDomain}; MarkAsRead=True`,
    ]);
  });
  return { columns: ['timestamp', 'actor', 'ip_address', 'operation', 'details'], rows: rows.sort(byTime) };
}
