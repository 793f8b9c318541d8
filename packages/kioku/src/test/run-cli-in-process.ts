import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cleanEnvironment } from './run-cli-async.js';
import { type ProcessRun, runInProcess } from './run-in-process.js';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
// Built for the tests only (scripts/bundle-entries.mjs), beside the bin's own bundle.
const built = new URL('../../dist/cli/run-kioku.js', import.meta.url);

/**
 * Runs `kioku <args>` in this process with the built CLI's `runKioku` (what the bin calls; `npm run build`
 * first), from the repository root with the caller's environment as `runCli` runs the bin, or given
 * `env`, with the clean environment plus `env` that `runCliAsync` gives it. Each CLI test file keeps a
 * spawned run of the bin; the others run here (see `runInProcess`).
 */
export async function runCliInProcess(
  args: readonly string[],
  { env }: { env?: Record<string, string> } = {},
): Promise<ProcessRun> {
  if (!existsSync(built))
    throw new Error(`${fileURLToPath(built)} does not exist: run \`npm run build\` before the CLI tests`);
  const { runKioku } = (await import(built.href)) as typeof import('../cli/run-kioku.js');
  return runInProcess(() => runKioku(args), {
    cwd: repository,
    ...(env === undefined ? {} : { env: cleanEnvironment(env) }),
  });
}
