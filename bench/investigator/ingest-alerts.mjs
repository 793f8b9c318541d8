// The alerts the ingest bench sends (bench/investigator/ingest.mjs and its sender process): seeded, so
// every run sends the same alerts in the same order, in three schemas, naming 500 hosts and 300 users.
/** A seeded random number in [0, 1) and a pick from a list: the same sequence for the same seed. */
export function seeded(seed = 0x9e3779b9) {
  let state = seed;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { random, pick: (list) => list[Math.floor(random() * list.length)] };
}
/** The hosts and users the alerts name (the console's host and user queries pick from them). */
export const hosts = Array.from(
  { length: 500 },
  (_, i) => `host-${String(i).padStart(3, '0')}.corp.example.com`,
);
export const users = Array.from({ length: 300 }, (_, i) => `user${i}`);
/** A public IPv4 address (its first octet one of a few). */
export const publicIp = ({ random, pick }) =>
  `${pick([45, 62, 91, 104, 185, 198])}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;
const hex = ({ random }, length) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const rules = [
  'LSASS memory read',
  'Encoded PowerShell',
  'Impossible travel',
  'SSH brute force',
  'Tor exit sign-in',
  'Cryptominer process',
  'Suspicious rundll32',
  'New admin account',
];
const severities = ['informational', 'low', 'medium', 'medium', 'high', 'high', 'critical'];

/**
 * Alert `i` of the run, as `[schema, body]`: Sentinel, GuardDuty or EDR in turn, its fields drawn from
 * `source` (`seeded()`).
 */
export function makeAlert(source, i) {
  const { random, pick } = source;
  const host = pick(hosts);
  const user = pick(users);
  const time = new Date(Date.UTC(2026, 10, 1) + i * 7_000).toISOString();
  const kind = i % 3;
  if (kind === 0) {
    return [
      'sentinel',
      {
        SystemAlertId: `${hex(source, 8)}-${hex(source, 4)}-${hex(source, 4)}-${hex(source, 4)}-${hex(source, 12)}`,
        AlertName: pick(rules),
        AlertSeverity: pick(severities),
        CompromisedEntity: host,
        TimeGenerated: time,
        Entities: JSON.stringify([
          { Type: 'ip', Address: publicIp(source) },
          { Type: 'account', Name: user },
        ]),
        Description: `Activity by ${user} on ${host}.`,
      },
    ];
  }
  if (kind === 1) {
    return [
      'guardduty',
      {
        schemaVersion: '2.0',
        accountId: '123456789012',
        id: hex(source, 32),
        type: 'UnauthorizedAccess:EC2/SSHBruteForce',
        title: `${publicIp(source)} is performing SSH brute force attacks against ${host}.`,
        severity: 1 + Math.floor(random() * 9),
        createdAt: time,
        resource: {
          instanceDetails: { instanceId: `i-${hex(source, 8)}`, tags: [{ key: 'Name', value: host }] },
        },
        service: {
          action: { networkConnectionAction: { remoteIpDetails: { ipAddressV4: publicIp(source) } } },
          count: 1,
        },
      },
    ];
  }
  return [
    'edr',
    {
      rule: pick(rules),
      severity: pick(severities),
      hostname: host,
      user,
      detectedAt: time,
      process: {
        image: `C:\\Users\\${user}\\Downloads\\${hex(source, 6)}.exe`,
        sha256: hex(source, 64),
        commandLine: `${hex(source, 6)}.exe --connect ${publicIp(source)}:443`,
      },
    },
  ];
}
