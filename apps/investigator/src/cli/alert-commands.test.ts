import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startLoopbackProvider } from 'kioku/test';
import { afterAll, describe, expect, it } from 'vitest';
import { openInvestigatorStore, rowsOf } from '../store/index.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const samples = fileURLToPath(new URL('../../samples/alerts/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-cli-'));
const store = join(directory, 'store');

/** Runs the built `investigator` (`npm run build -w investigator` first), feeding `input` to stdin. */
function run(args: string[], { input, env = {} }: { input?: string; env?: Record<string, string> } = {}) {
  if (!existsSync(main))
    throw new Error(`${main} does not exist: run \`npm run build -w investigator\` first`);
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, INVESTIGATOR_STORE: store, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('investigator alert commands (built CLI, a PGlite directory store)', () => {
  let lsass = '';
  let log4shell = '';

  it('ingests a file and stdin, keeping the raw bytes', async () => {
    const file = await run(['new', join(samples, 'lsass-dump-mkt01.json'), '--schema', 'edr', '--json']);
    expect(file.stderr).toBe('');
    expect(file.status).toBe(0);
    lsass = (JSON.parse(file.stdout) as { id: string }).id;
    const raw = readFileSync(join(samples, 'log4shell-ubuntu5.json'), 'utf8');
    const piped = await run(['new', '--schema', 'edr', '--json'], { input: raw });
    expect(piped.status).toBe(0);
    log4shell = (JSON.parse(piped.stdout) as { id: string }).id;
    const shown = await run(['show', log4shell, '--raw']);
    expect(shown.stdout).toBe(raw);
  });

  it('summarizes with the model --model names, over HTTP (a loopback OpenAI-compatible server)', async () => {
    const summary = {
      title: 'Credentials of an EC2 role used from 1.2.3.4',
      description: 'The instance role keys were used outside AWS to read S3 objects.',
      severity: 'high',
      attributes: { accessKeyId: 'ASIA5FLZVX4OPVKKVBMX', sourceIp: '1.2.3.4' },
    };
    const server = await startLoopbackProvider({
      replies: [{ text: 'not json' }, { text: JSON.stringify(summary) }],
    });
    try {
      const result = await run([
        'new',
        join(samples, 's3-exfiltration-leaked-role-keys.json'),
        '--schema',
        'guardduty',
        '--model',
        'openai-compatible:qwen2.5-7b-instruct',
        '--base-url',
        server.baseUrl,
        '--json',
      ]);
      expect(result.status).toBe(0);
      expect(result.stderr).toMatch(/model attempt failed: not a valid alert summary/);
      expect(JSON.parse(result.stdout)).toMatchObject({
        ...summary,
        summarizedBy: 'openai-compatible.chat:qwen2.5-7b-instruct',
      });
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('refuses bad input with exit code 2, naming the input and position', async () => {
    const bad = join(directory, 'bad.json');
    writeFileSync(bad, '{\n  "rule": "x",\n  "host": MKT01\n}');
    const result = await run(['new', bad]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `investigator: ${bad}:3:11: expected valid JSON: a value (object, array, string, number, true, false or null), found "MKT01\\n}"\n`,
    );
    const missing = await run(['new', join(directory, 'missing.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `investigator: ${join(directory, 'missing.json')}: expected a readable alert JSON file, found no such file\n`,
    );
  });

  it('lists, searches, merges and resolves as an analyst', async () => {
    const listed = await run(['list', '--status', 'open', '--since', '1h']);
    expect(listed.stdout).toContain(lsass);
    expect(listed.stdout).toContain(log4shell);
    // A page of one says where the next starts; --after shows it.
    const one = await run(['list', '--limit', '1']);
    const cursor = /--after (\S+) for the next page\)/.exec(one.stdout)?.[1];
    expect(one.stdout).toMatch(/\(1–1 of \d+; --after /);
    const next = await run(['list', '--limit', '1', '--after', cursor ?? '']);
    expect(next.status).toBe(0);
    expect(next.stdout).toMatch(/\(1 more of \d+/);
    expect((await run(['list', '--after', 'nope'])).stderr).toMatch(/after: expected a cursor/);
    const search = await run(['search', '10.0.5.13', '--json']);
    expect((JSON.parse(search.stdout) as Array<{ id: string }>).map((a) => a.id)).toEqual([lsass]);
    const byAttribute = await run(['search', '--attribute', 'sourceIp=1.2.3.4']);
    expect(byAttribute.stdout).toContain('Credentials of an EC2 role used from 1.2.3.4');
    const similar = await run(['similar', lsass, '--limit', '1', '--json']);
    expect((JSON.parse(similar.stdout) as unknown[]).length).toBe(1);
    expect((await run(['merge', log4shell, lsass])).status).toBe(0);
    expect((await run(['list'])).stdout).not.toContain(log4shell);
    const noAnalyst = await run([
      'resolve',
      lsass,
      '--conclusion',
      'true_positive',
      '--reason',
      'Mimikatz via Meterpreter',
    ]);
    expect(noAnalyst.status).toBe(2);
    expect(noAnalyst.stderr).toMatch(/resolve by: expected the analyst's name/);
    const resolved = await run(
      ['resolve', lsass, '--conclusion', 'true_positive', '--reason', 'Mimikatz via Meterpreter'],
      {
        env: { INVESTIGATOR_ANALYST: 'jane' },
      },
    );
    expect(resolved.status).toBe(0);
    expect(resolved.stdout).toMatch(/Resolved true_positive by jane at .*: Mimikatz via Meterpreter/);
    const merged = await run(['show', log4shell, '--json']);
    expect(JSON.parse(merged.stdout)).toMatchObject({ status: 'resolved', mergedInto: lsass });
    const unknown = await run(['show', 'nope']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no alert "nope"/);
    // Many CLI processes, each opening the directory store: slow on a loaded machine.
  }, 300_000);

  it('serve takes --trust-proxy as a number of proxies or their addresses, and refuses anything else', async () => {
    const help = await run(['serve', '--help']);
    expect(help.stdout).toContain('--trust-proxy <hops|addresses>');
    const bad = await run(['serve', '--trust-proxy', 'proxy.internal']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain(
      'expected a positive whole number of proxies or their comma-separated IP addresses, found "proxy.internal"',
    );
  });

  it('serve on a busy port says so in one line and exits 1, before making an admin token', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    const fresh = join(directory, 'busy-port-store');
    try {
      const result = await run(['serve', '--port', String(port)], {
        env: { INVESTIGATOR_STORE: fresh, INVESTIGATOR_WEBHOOK_TOKEN: 'a-webhook-token-of-32-characters' },
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `investigator: cannot listen on 127.0.0.1:${port}: the port is in use by another program; stop it or pass another --port\n`,
      );
    } finally {
      busy.close();
    }
    // No token was made: the next serve that can listen prints one.
    const store = await openInvestigatorStore({ location: fresh });
    try {
      expect(rowsOf(await store.db.execute(sql`select id from investigator_console_admin`))).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('explains every command in --help', async () => {
    const commands = [
      'new',
      'list',
      'show',
      'resolve',
      'merge',
      'unmerge',
      'similar',
      'search',
      'serve',
      'intel',
      'reembed',
      'console',
    ];
    const top = await run(['--help']);
    for (const command of commands) expect(top.stdout).toMatch(new RegExp(`\\n  ${command}\\b`));
    for (const command of [...commands, 'intel load', 'intel lookup', 'console reset-token']) {
      const help = await run([...command.split(' '), '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout.split('\n')[2]?.length, command).toBeGreaterThan(30);
    }
  });
});
