import { type Fact, factLabels, factText } from './fact.js';

/** The heading of the section that lists the facts a summary left out. */
export const preservedFactsHeading = 'Preserved facts';

const instructionsLine = `- ${factLabels.instruction}:`;

/** Options of {@link renderPreservedFacts}. */
export interface RenderPreservedFactsOptions {
  /** Facts a cap left out of the section, counted on its last line; default 0 (no such line). */
  leftOut?: number;
}

/**
 * The "Preserved facts" section appended to a summary that left facts out: one line per kind of fact
 * (values comma-separated, each with the machine a record named with it: `10.0.0.5 (with WS01)`), and the user's
 * instructions one per line, verbatim.
 *
 * @example
 * renderPreservedFacts([{ kind: 'ipv4', value: '10.0.0.5' }, { kind: 'instruction', value: 'Do not reboot the host.' }]);
 * // Preserved facts (verbatim from the summarized messages):
 * // - User instructions:
 * //   - Do not reboot the host.
 * // - IPv4 addresses: 10.0.0.5
 */
export function renderPreservedFacts(
  facts: readonly Fact[],
  { leftOut = 0 }: RenderPreservedFactsOptions = {},
): string {
  const lines = [`${preservedFactsHeading} (verbatim from the summarized messages):`];
  for (const kind of Object.keys(factLabels) as Fact['kind'][]) {
    const values = facts.filter((fact) => fact.kind === kind).map(factText);
    if (values.length === 0) continue;
    if (kind === 'instruction')
      lines.push(instructionsLine, ...values.map((value) => `  - ${oneLine(value)}`));
    else lines.push(`- ${factLabels[kind]}: ${values.join(', ')}`);
  }
  if (leftOut > 0)
    lines.push(`- Left out for space: ${leftOut} more (the least mentioned and least recent).`);
  return lines.join('\n');
}

/** The user instructions listed in the "Preserved facts" section of a summary, if it has one. */
export function preservedInstructions(summary: string): string[] {
  return preservedFacts(summary)
    .filter((fact) => fact.kind === 'instruction')
    .map((fact) => fact.value);
}

const kindOfLabel = new Map(Object.entries(factLabels).map(([kind, label]) => [label, kind as Fact['kind']]));
const withMachine = /^(.*) \(with ([^()]+)\)$/;

/**
 * The facts listed in the "Preserved facts" section of a summary (its last one, if it has several),
 * as {@link renderPreservedFacts} wrote them: instructions, and each kind's values with their machines.
 *
 * @example
 * preservedFacts(renderPreservedFacts([{ kind: 'ipv4', value: '10.0.0.5', host: 'WS01' }]));
 * // [{ kind: 'ipv4', value: '10.0.0.5', host: 'WS01' }]
 */
export function preservedFacts(summary: string): Fact[] {
  const lines = summary.split('\n');
  const heading = lines.findLastIndex((line) => line.startsWith(preservedFactsHeading));
  if (heading === -1) return [];
  const found: Fact[] = [];
  let instructions = false;
  for (const line of lines.slice(heading + 1)) {
    if (instructions && line.startsWith('  - ')) {
      found.push({ kind: 'instruction', value: line.slice(4).trim() });
      continue;
    }
    instructions = line === instructionsLine;
    const listed = /^- ([^:]+): (.+)$/.exec(line);
    const kind = listed === null ? undefined : kindOfLabel.get(listed[1] ?? '');
    if (kind === undefined || kind === 'instruction') continue;
    for (const item of (listed?.[2] ?? '').split(', ')) {
      const [, value = item, host] = withMachine.exec(item) ?? [];
      if (value.trim() !== '')
        found.push({ kind, value: value.trim(), ...(host === undefined ? {} : { host }) });
    }
  }
  return found;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
