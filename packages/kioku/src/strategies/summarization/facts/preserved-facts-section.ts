import { type Fact, factLabels } from './fact.js';

/** The heading of the section that lists the facts a summary left out. */
export const preservedFactsHeading = 'Preserved facts';

const instructionsLine = `- ${factLabels.instruction}:`;

/** Options of {@link renderPreservedFacts}. */
export interface RenderPreservedFactsOptions {
  /** Facts a cap left out of the section, counted on its last line; default 0 (no such line). */
  leftOut?: number;
}

/**
 * The "Preserved facts" section appended to a summary that left facts out: one line per kind of
 * indicator (values comma-separated), and the user's instructions one per line, verbatim.
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
    const values = facts.filter((fact) => fact.kind === kind).map((fact) => fact.value);
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
  const lines = summary.split('\n');
  const heading = lines.findIndex((line) => line.startsWith(preservedFactsHeading));
  if (heading === -1) return [];
  const start = lines.indexOf(instructionsLine, heading);
  if (start === -1) return [];
  const found: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  - ')) break;
    found.push(line.slice(4).trim());
  }
  return found;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
