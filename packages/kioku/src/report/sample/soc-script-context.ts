import { formatLogTable } from './log-table.js';
import type { SeededRandom } from './seeded-random.js';
import { ipReputation } from './soc-lookups.js';
import type { SocUser, SocWorld } from './soc-world.js';

/** One tool call of a step: the tool, its arguments, and what it returned. */
export interface ScriptedCall {
  name: string;
  args: Record<string, string>;
  output: string;
}

/** One turn of the sample: the agent thinks and calls tools, a human analyst writes, or the agent reports. */
export type ScriptedStep =
  | { kind: 'agent'; thought: string; calls: ScriptedCall[] }
  | { kind: 'user'; text: string }
  | { kind: 'report'; text: string };

/** What every part of the script works with: the world, the generator, the cast and step builders. */
export interface ScriptContext {
  world: SocWorld;
  random: SeededRandom;
  maya: SocUser;
  daniel: SocUser;
  priya: SocUser;
  /** Maya's colleagues in Finance. */
  peers: SocUser[];
  /** The finance file server, as a host with a service account. */
  server: SocUser;
  table: typeof formatLogTable;
  sql: (text: string) => { sql: string };
  agent: (thought: string, ...calls: ScriptedCall[]) => ScriptedStep;
  call: (name: string, args: Record<string, string>, output: string) => ScriptedCall;
  lookupIp: (ip: string) => ScriptedCall;
}

/** The context the script's parts share. */
export function scriptContext(world: SocWorld, random: SeededRandom): ScriptContext {
  const [maya, daniel, priya] = world.victims;
  const call = (name: string, args: Record<string, string>, output: string): ScriptedCall => ({
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
