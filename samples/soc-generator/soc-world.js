const people = [
  ['Maya Okafor', 'Finance', 'Accounts Payable Lead'],
  ['Daniel Reyes', 'Human Resources', 'HR Business Partner'],
  ['Priya Natarajan', 'IT', 'Service Desk Analyst'],
  ['Tomás Lindqvist', 'Finance', 'Financial Controller'],
  ['Grace Mbeki', 'Sales', 'Account Executive'],
  ['Oliver Hart', 'Engineering', 'Platform Engineer'],
  ['Aiko Tanaka', 'Legal', 'Counsel'],
  ['Lucas Moreau', 'Operations', 'Logistics Planner'],
  ['Sofia Rossi', 'Marketing', 'Campaign Manager'],
  ['Ethan Brooks', 'Engineering', 'Site Reliability Engineer'],
  ['Hannah Schmidt', 'Finance', 'Payroll Specialist'],
  ['Kwame Mensah', 'Operations', 'Warehouse Supervisor'],
  ['Leila Haddad', 'Human Resources', 'Recruiter'],
  ['Noah Fischer', 'Sales', 'Sales Director'],
  ['Isabel Costa', 'IT', 'Identity Engineer'],
  ['Ravi Kapoor', 'Engineering', 'Data Engineer'],
  ['Chloe Martin', 'Executive', 'Chief Financial Officer'],
  ['Jonas Berg', 'Operations', 'Fleet Coordinator'],
];
const cities = ['Rotterdam', 'Antwerp', 'Hamburg', 'Utrecht', 'Eindhoven', 'Ghent'];
/**
 * Builds the organisation (18 users with hosts and home addresses) and the attack's indicators from the
 * seeded generator.
 */
export function socWorld(random) {
  const domain = 'northwind.example';
  const users = people.map(([name, department, title], index) => {
    const [first = '', last = ''] = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').split(' ');
    const prefix = department === 'Human Resources' ? 'HR' : department.slice(0, 3).toUpperCase();
    return {
      upn: `${first[0]}.${last}@${domain}`,
      name,
      department,
      title,
      host: `WS-${prefix}-${String(random.int(10, 199)).padStart(4, '0')}`,
      homeIp: `198.51.100.${40 + index * 7 + random.int(0, 5)}`,
      city: random.pick(cities),
    };
  });
  const [first, second, third] = users;
  if (first === undefined || second === undefined || third === undefined) throw new Error('no users');
  return {
    domain,
    corporateIp: '198.51.100.10',
    users,
    victims: [first, second, third],
    phishSender: 'docusign-notifications@northwind-sso-verify.example',
    phishDomain: 'northwind-sso-verify.example',
    loginIps: { vps: `203.0.113.${random.int(60, 90)}`, tor: `192.0.2.${random.int(150, 190)}` },
    c2: { ip: `192.0.2.${random.int(30, 60)}`, domain: 'cdn-telemetry-sync.example' },
    exfilIp: `203.0.113.${random.int(200, 230)}`,
    hashes: { loader: random.hex(64), payload: random.hex(64), archiver: random.hex(64) },
    alertId: `SOC-${random.int(40_000, 49_999)}`,
    start: '2025-03-11T07:42:18Z',
  };
}
