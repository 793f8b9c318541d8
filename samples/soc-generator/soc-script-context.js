import { formatLogTable } from './log-table.js';
import { ipReputation } from './soc-lookups.js';
/** The context the script's parts share. */
export function scriptContext(world, random) {
  const [maya, daniel, priya] = world.victims;
  const call = (name, args, output) => ({
    name,
    args,
    output,
  });
  return {
    world,
    random,
    maya,
    daniel,
    priya,
    peers: world.users.filter((user) => user.department === maya.department && user !== maya),
    server: { ...maya, upn: `svc-backup@${world.domain}`, name: 'Backup service', host: 'SRV-FILE-02' },
    table: formatLogTable,
    sql: (text) => ({ sql: text }),
    agent: (thought, ...calls) => ({ kind: 'agent', thought, calls }),
    call,
    lookupIp: (ip) => call('lookup_ip', { ip }, ipReputation(world, random, ip)),
  };
}
