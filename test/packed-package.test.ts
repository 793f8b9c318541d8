import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoopbackProvider,
  startLoopbackProvider,
} from '../packages/kioku/src/test/loopback-provider-server.js';

/**
 * The package as an npm user gets it: `npm pack` once (the only test that packs: prepack copies the LICENSE
 * into the package and postpack removes it, so two packs at once would race), what the tarball holds, then
 * a fresh ES-module project that installs it with the peers its README's install command names (at the
 * versions the repository tests, from npm's cache when it holds them), and the README's example,
 * type-checked against the installed declarations and run against a loopback server speaking the OpenAI
 * chat-completions protocol. Needs the built package.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const packageDir = join(root, 'packages/kioku');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const reply = 'The host MKT01 dumped LSASS memory.';

/** The version of `name` the repository has installed. */
function installedVersion(name: string): string {
  return (
    JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/** Runs a command, throwing with its output when it fails; its standard output. */
function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** The packages the README's first `npm install kioku …` line names, kioku first. */
function installedPackages(): string[] {
  const line = readme.split('\n').find((text) => text.startsWith('npm install kioku '));
  if (line === undefined) throw new Error('packages/kioku/README.md has no `npm install kioku …` line');
  return (line.split('#')[0] ?? '').trim().split(/\s+/).slice(2);
}

/** The README's first TypeScript example. */
function firstExample(): string {
  const [, code] = /^```ts\n([\s\S]*?)^```$/m.exec(readme) ?? [];
  if (code === undefined) throw new Error('packages/kioku/README.md has no ```ts example');
  return code;
}

let work: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist/index.js'))) {
    throw new Error('packages/kioku/dist does not exist: run `npm run build` before this test');
  }
  work = mkdtempSync(join(tmpdir(), 'kioku-packed-'));
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', work], packageDir),
  ) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  if (packed === undefined) throw new Error('npm pack wrote no tarball');
  tarball = join(work, packed.filename);
  files = packed.files.map((file) => file.path);
}, 300_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('carries its own README, written for npm users, and the LICENSE, copied from the repository root and removed again', () => {
    expect(files).toContain('README.md');
    expect(readme).toMatch(/^npm install kioku /m);
    expect(files).toContain('LICENSE');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/MIT License/);
    expect(existsSync(join(packageDir, 'LICENSE'))).toBe(false);
  });

  it('ships each vocabulary as one compact file and the one Chart.js build the report inlines', () => {
    expect(files.filter((file) => file.startsWith('dist/tokens/vocabularies/')).sort()).toEqual(
      ['cl100k_base', 'claude-legacy', 'deepseek-v3', 'o200k_base', 'qwen2.5'].map(
        (name) => `dist/tokens/vocabularies/${name}.bin`,
      ),
    );
    expect(files.filter((file) => file.includes('chart.'))).toEqual(['dist/report/chart.umd.min.js']);
  });

  it('ships no source maps, no tests and no sources, and no file that points at a map', () => {
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => /\.test\.|(^|\/)src\//.test(file))).toEqual([]);
    const pointing = files.filter(
      (file) =>
        /\.(js|d\.ts)$/.test(file) &&
        readFileSync(join(packageDir, file), 'utf8').includes('sourceMappingURL='),
    );
    expect(pointing).toEqual([]);
  });

  it('holds every file its exports and bin name', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      exports: Record<string, string | Record<string, string>>;
    };
    const targets = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ].map((target) => target.replace(/^\.\//, ''));
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });
});

describe('the packed package in a fresh project', () => {
  let server: LoopbackProvider;

  beforeAll(async () => {
    server = await startLoopbackProvider({ replies: [{ text: reply }] });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("installs with the README's peers, compiles its example and runs it", async () => {
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'project', private: true, type: 'module' }),
    );
    const names = installedPackages();
    expect(names[0]).toBe('kioku');
    const peers = names
      .slice(1)
      .map((name) => `${name.replace(/@[^@/]*$/, '')}@${installedVersion(name.replace(/@[^@/]*$/, ''))}`);
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--prefer-offline',
        tarball,
        ...peers,
        `@types/node@${installedVersion('@types/node')}`,
      ],
      project,
    );
    expectManifestForUsers(join(project, 'node_modules', 'kioku'));
    writeFileSync(join(project, 'example.ts'), firstExample());
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
        },
        include: ['example.ts'],
      }),
    );
    run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project], project);
    const output = await runNode(
      join(project, 'example.js'),
      { ...process.env, OPENAI_BASE_URL: server.baseUrl },
      project,
    );
    expect(output.status, output.stderr).toBe(0);
    expect(output.stdout.trim()).toBe(reply);
  }, 600_000);
});

/** The manifest fields npm shows a user, in the installed package, and the README's links. */
function expectManifestForUsers(installed: string): void {
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  > & {
    repository: { type: string; url: string; directory: string };
    bugs: { url: string };
    engines: { node: string };
  };
  // One repository: the homepage, the issues and every link of the README are in it.
  expect(manifest.repository).toMatchObject({ type: 'git', directory: 'packages/kioku' });
  const [, web] = /^git\+(https:\/\/github\.com\/[^/]+\/[^/]+?)\.git$/.exec(manifest.repository.url) ?? [];
  expect(web, `repository.url ${manifest.repository.url}`).toBeDefined();
  expect(manifest.homepage).toBe(`${web}/tree/main/packages/kioku#readme`);
  expect(manifest.bugs.url).toBe(`${web}/issues`);
  expect(manifest.license).toBe('MIT');
  expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  expect(manifest.engines.node).toMatch(/^>=\d+/);
  expect(manifest.keywords).toEqual(expect.arrayContaining(['ai-sdk', 'llm', 'agent']));
  expect(manifest.description).toEqual(expect.any(String));
  // Relative links do not resolve on npm's page: each is absolute, and a repository link names a file
  // the repository has.
  const links = [...readFileSync(join(installed, 'README.md'), 'utf8').matchAll(/\]\(([^)]+)\)/g)].map(
    ([, link]) => link ?? '',
  );
  expect(links.filter((link) => !link.startsWith('https://'))).toEqual([]);
  const inRepository = links.flatMap((link) => {
    const [, path] = new RegExp(`^${web}/blob/main/([^#]+)`).exec(link) ?? [];
    return path === undefined ? [] : [path];
  });
  expect(inRepository.length).toBeGreaterThan(0);
  for (const path of inRepository) expect(existsSync(join(root, path)), path).toBe(true);
}

/** Runs a script without blocking the loopback server in this process. */
function runNode(
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
