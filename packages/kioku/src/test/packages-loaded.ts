import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh node process's run, and the packages (by name, sorted) it resolved modules from. */
export interface LoadedPackages {
  status: number | null;
  stdout: string;
  stderr: string;
  packages: string[];
  /** Every module URL it resolved, in order, each once. */
  modules: string[];
}

/**
 * Runs `node <args>` in `cwd` with a resolve hook that logs every module URL the process resolves, and
 * returns the packages those modules belong to (`@scope/name` or `name` under a `node_modules`).
 * The packages in `hidden` (default none) resolve as if not installed: Node's ERR_MODULE_NOT_FOUND.
 */
export function packagesLoaded(
  args: readonly string[],
  { cwd, hidden = [] }: { cwd: string; hidden?: readonly string[] },
): LoadedPackages {
  const directory = mkdtempSync(join(tmpdir(), 'kioku-loads-'));
  try {
    writeFileSync(
      join(directory, 'hooks.mjs'),
      [
        "import { appendFileSync } from 'node:fs';",
        `const hidden = ${JSON.stringify(hidden)};`,
        'export async function resolve(specifier, context, next) {',
        "  const name = hidden.find((name) => specifier === name || specifier.startsWith(name + '/'));",
        '  if (name !== undefined) {',
        '    const error = new Error("Cannot find package \'" + name + "\' imported from " + context.parentURL);',
        "    error.code = 'ERR_MODULE_NOT_FOUND';",
        '    throw error;',
        '  }',
        '  const result = await next(specifier, context);',
        "  appendFileSync(process.env.KIOKU_LOAD_LOG, result.url + '\\n');",
        '  return result;',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(directory, 'register.mjs'),
      "import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url));\n",
    );
    const log = join(directory, 'loads.log');
    writeFileSync(log, '');
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      ['--import', join(directory, 'register.mjs'), ...args],
      { cwd, env: { ...process.env, KIOKU_LOAD_LOG: log }, encoding: 'utf8' },
    );
    const modules = [
      ...new Set(
        readFileSync(log, 'utf8')
          .split('\n')
          .filter((url) => url !== ''),
      ),
    ];
    const names = modules
      .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
      .filter((name) => name !== undefined);
    return { status, stdout, stderr, packages: [...new Set(names)].sort(), modules };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
