import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ProcessRun, runInProcess } from 'kioku/test';

const built = new URL('../../dist/cli/run-investigator-cli.js', import.meta.url);

/**
 * Runs `investigator <args>` in this process with the built CLI's `runInvestigatorCli` (what the bin
 * calls; `npm run build -w investigator` first) and the environment `runInvestigator` gives a spawned
 * one: PATH, HOME and TMPDIR of the caller's, plus `env`. No standard input: runs that read it stay
 * spawned. Each CLI test file keeps spawned runs of the built bin; the others run here (`runInProcess`).
 */
export async function runInvestigatorInProcess(
  args: readonly string[],
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<ProcessRun> {
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  if (!existsSync(built))
    throw new Error(`${fileURLToPath(built)} does not exist: run \`npm run build -w investigator\` first`);
  const { runInvestigatorCli } = (await import(
    built.href
  )) as typeof import('../cli/run-investigator-cli.js');
  return runInProcess(() => runInvestigatorCli(args), { env: { ...base, ...env } });
}
