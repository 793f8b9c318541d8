import { seededRandom } from './seeded-random.js';
import { socScript } from './soc-script.js';
import { socTools } from './soc-tools.js';
import { socWorld } from './soc-world.js';
const system = [
  'You are a senior SOC analyst agent at Northwind Logistics. Investigate security alerts end to end:',
  'establish what happened, scope every affected account and host, collect indicators of compromise',
  '(IPs, domains, hashes, accounts), contain the threat with the tools you have, and finish with a report',
  '(verdict, timeline, IOCs, actions taken, next steps). Query logs with SQL; prefer precise filters.',
  'Run independent lookups in parallel. Never guess an indicator: quote it from a tool output.',
].join(' ');
/**
 * A realistic, generated security-alert investigation (about 80 messages): an analyst agent with
 * `get_alert`, `query_logs` (SQL over sign-in, process, network, DNS, e-mail, cloud-app and audit logs,
 * returning large tables), `lookup_ip`, `lookup_domain`, `lookup_hash`, `get_user` and containment tools,
 * parallel tool calls, and IOCs throughout the outputs. Deterministic for a seed; every address, domain
 * and hash is fictional (documentation ranges, `.example`). Written as an OpenAI chat-completions
 * request, a format every kioku importer path reads.
 *
 * @example
 * const sample = socInvestigationSample();
 * await writeFile('samples/soc-investigation.json', `${JSON.stringify(sample, null, 2)}\n`);
 */
export function socInvestigationSample({ seed = 11, model = 'claude-sonnet-4-20250514' } = {}) {
  const random = seededRandom(seed);
  const world = socWorld(random);
  const messages = [
    { role: 'system', content: system },
    {
      role: 'user',
      content: `New high-severity alert ${world.alertId} ("Anomalous sign-in followed by suspicious PowerShell execution") was raised for ${world.victims[0].upn}. Please triage and investigate it, contain what needs containing, and write up your findings.`,
    },
  ];
  for (const step of socScript(world, random)) {
    if (step.kind === 'user') {
      messages.push({ role: 'user', content: step.text });
    } else if (step.kind === 'report') {
      messages.push({ role: 'assistant', content: step.text });
    } else {
      const ids = step.calls.map(() => `call_${random.hex(24)}`);
      messages.push({
        role: 'assistant',
        content: step.thought,
        tool_calls: step.calls.map((call, index) => ({
          id: ids[index] ?? '',
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        })),
      });
      step.calls.forEach((call, index) => {
        messages.push({ role: 'tool', tool_call_id: ids[index] ?? '', content: call.output });
      });
    }
  }
  return { model, messages, tools: socTools };
}
