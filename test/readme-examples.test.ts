import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLog4ShellDatabase } from '../apps/investigator/src/logs/__fixtures__/log4shell-database.js';
import {
  type LoopbackProvider,
  startLoopbackProvider,
} from '../packages/kioku/src/test/loopback-provider-server.js';

/**
 * Every TypeScript example in README.md, docs/*.md, docs/recipes/*.md, the investigator's README and the package's README is compiled (strict,
 * against the built packages, as a user's project would import them) and run. Examples that call a model
 * read its address from `OPENAI_BASE_URL`, which points at a loopback server speaking the OpenAI
 * chat-completions protocol; the investigator's find a log database (the Log4Shell dataset) at
 * `INVESTIGATOR_LOGS_DB` and their store at `INVESTIGATOR_STORE` (in memory).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, '.tmp-readme-examples');
/** The Markdown pages of a docs folder. */
const pagesIn = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);
/** The recipes: a task per page, each page's examples checking their own outcome (a wrong one throws). */
const recipes = pagesIn('docs/recipes');
const documents = [
  'README.md',
  ...pagesIn('docs'),
  ...recipes,
  'apps/investigator/README.md',
  'packages/kioku/README.md',
];

/** Fence languages that hold TypeScript or JavaScript: each such block must be a ```ts block, which runs. */
const codeLanguages = new Set([
  'ts',
  'typescript',
  'tsx',
  'mts',
  'cts',
  'js',
  'javascript',
  'jsx',
  'mjs',
  'cjs',
]);

/** Every fenced block's opening line (its info string) with the line it is on. */
function fencesOf(document: string): Array<{ document: string; line: number; info: string }> {
  const fences: Array<{ document: string; line: number; info: string }> = [];
  let open = false;
  readFileSync(join(root, document), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (!text.startsWith('```')) return;
      if (!open) fences.push({ document, line: index + 1, info: text.slice(3).trim() });
      open = !open;
    });
  return fences;
}

interface Example {
  document: string;
  line: number;
  file: string;
  code: string;
}

function examplesOf(document: string): Example[] {
  const text = readFileSync(join(root, document), 'utf8');
  const examples: Example[] = [];
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
    const line = text.slice(0, match.index).split('\n').length;
    const stem = document.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    examples.push({ document, line, file: `${stem}-${line}.ts`, code: match[1] ?? '' });
  }
  return examples;
}

const examples = documents.flatMap(examplesOf);

describe('README and docs examples', () => {
  let server: LoopbackProvider;
  let compiled: { status: number | null; output: string };
  let logs: Awaited<ReturnType<typeof buildLog4ShellDatabase>> | undefined;

  beforeAll(async () => {
    logs = await buildLog4ShellDatabase();
    server = await startLoopbackProvider({
      replies: [
        { text: 'The host MKT01 dumped LSASS memory; isolate it and reset the exposed credentials.' },
      ],
    });
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.base.json',
        compilerOptions: {
          outDir: 'out',
          rootDir: '.',
          declaration: false,
          sourceMap: false,
          skipLibCheck: true,
        },
        include: ['*.ts'],
      }),
    );
    for (const example of examples) writeFileSync(join(work, example.file), example.code);
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const result = spawnSync(tsc, ['-p', work], { cwd: root, encoding: 'utf8' });
    compiled = { status: result.status, output: `${result.stdout}${result.stderr}` };
  });

  afterAll(async () => {
    await server?.close();
    await logs?.remove();
    rmSync(work, { recursive: true, force: true });
  });

  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it('has an example on every recipe page, and the recipes index links every page', () => {
    const pages = recipes.filter((page) => !page.endsWith('/README.md'));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(pages.filter((page) => examplesOf(page).length === 0)).toEqual([]);
    const index = readFileSync(join(root, 'docs/recipes/README.md'), 'utf8');
    expect(pages.filter((page) => !index.includes(`](${page.split('/').pop()})`))).toEqual([]);
  });

  it('keeps the README within 8 KB, opening with the two set-up commands', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8_000);
    expect(readme).toMatch(
      /^# kioku\n\n```sh\nnpm install && npm run build && npm run kioku -- analyze samples\nnpm install && npm test\n```\n/,
    );
  });

  it('runs every TypeScript or JavaScript block of the documents: each is fenced as ```ts', () => {
    const fences = documents.flatMap(fencesOf);
    const code = fences.filter(({ info }) => codeLanguages.has(info.split(/\s/)[0]?.toLowerCase() ?? ''));
    expect(code.filter(({ info }) => info !== 'ts')).toEqual([]);
    expect(code.map(({ document, line }) => `${document}:${line}`)).toEqual(
      examples.map(({ document, line }) => `${document}:${line}`),
    );
  });

  it('compiles every example', () => {
    expect(compiled.output).toBe('');
    expect(compiled.status).toBe(0);
  });

  for (const example of examples) {
    it(`runs ${example.document}:${example.line}`, async () => {
      const script = join(work, 'out', example.file.replace(/\.ts$/, '.js'));
      const run = await runNode(script, {
        ...process.env,
        OPENAI_BASE_URL: server.baseUrl,
        INVESTIGATOR_LOGS_DB: logs?.file,
        INVESTIGATOR_STORE: 'memory://',
      });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    });
  }
});

/** Runs a script from the repository root without blocking the loopback server in this process. */
function runNode(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: root, env });
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
