import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** What a run of the built `kioku` binary printed and how it exited. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run build` first) from the repository root, as a user would. */
export function runCli(args: readonly string[]): CliRun {
  if (!existsSync(main))
    throw new Error(`${main} does not exist: run \`npm run build\` before the CLI tests`);
  const cwd = fileURLToPath(new URL('../../../../', import.meta.url));
  const { status, stdout, stderr } = spawnSync(process.execPath, [main, ...args], { cwd, encoding: 'utf8' });
  return { status, stdout, stderr };
}
