import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
/** A PostgreSQL cluster with pgvector started for a test file, or the reason it cannot be. */
export interface PostgresCluster {
  /** Why these tests are skipped (no PostgreSQL here, outside CI), or undefined when they run. */
  skip: string | undefined;
  /** Starts the cluster (for `beforeAll`); in CI (`CI=true`), throws when PostgreSQL is missing. */
  setup: () => Promise<void>;
  /** Stops the cluster and removes its directory (for `afterAll`). */
  teardown: () => Promise<void>;
  /** The `postgres://` URL of the cluster's database (after `setup`), e.g. for `openStore({ location })`. */
  url: () => string;
}

const shared = fileURLToPath(new URL('../../../../../shared/', import.meta.url));
const installer = join(shared, 'scripts/install-postgres-pgvector.sh');

/**
 * A real PostgreSQL (Debian's server, pgvector built by `../shared/scripts/install-postgres-pgvector.sh`)
 * in a temporary directory on a free loopback port, run as the `postgres` user when the tests run as
 * root (PostgreSQL refuses root). The binaries are `KIOKU_POSTGRES_BIN`, else `pg_config --bindir`, else
 * `/usr/lib/postgresql/<newest>/bin`. Outside CI, a machine without them skips these tests, saying why;
 * in CI (`CI=true`) that is a failure.
 */
export function postgresCluster(): PostgresCluster {
  const found = findPostgres();
  const ci = process.env.CI === 'true';
  let cluster: { directory: string; bin: string; url: string } | undefined;
  const stop = () => {
    if (cluster === undefined) return;
    const { directory, bin } = cluster;
    cluster = undefined;
    asPostgres(join(bin, 'pg_ctl'), ['-D', join(directory, 'data'), 'stop', '-m', 'fast', '-w']);
    rmSync(directory, { recursive: true, force: true });
  };
  return {
    skip: typeof found === 'string' && !ci ? found : undefined,
    setup: async () => {
      if (typeof found === 'string') throw new Error(`PostgreSQL is required in CI (CI=true): ${found}`);
      const directory = mkdtempSync(join(tmpdir(), 'kioku-postgres-'));
      const port = await freePort();
      cluster = { directory, bin: found.bin, url: `postgres://kioku@127.0.0.1:${port}/postgres` };
      // A test run that dies before `teardown` must not leave a server behind.
      process.once('exit', stop);
      if (process.getuid?.() === 0) chownSync(directory, postgresUid(), postgresGid());
      run(join(found.bin, 'initdb'), [
        '-D',
        join(directory, 'data'),
        '-A',
        'trust',
        '-U',
        'kioku',
        '-E',
        'UTF8',
      ]);
      run(join(found.bin, 'pg_ctl'), [
        '-D',
        join(directory, 'data'),
        '-o',
        `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-l',
        join(directory, 'log'),
        '-w',
        'start',
      ]);
    },
    teardown: async () => stop(),
    url: () => {
      if (cluster === undefined) throw new Error('postgresCluster: url() before setup()');
      return cluster.url;
    },
  };
}

function findPostgres(): { bin: string } | string {
  if (!existsSync(installer)) {
    return `no ${installer}: PostgreSQL tests need ../shared beside the repository`;
  }
  const bin = process.env.KIOKU_POSTGRES_BIN || pgConfig('--bindir') || newestDebianBin();
  if (bin === undefined || !existsSync(join(bin, 'initdb')) || !existsSync(join(bin, 'pg_ctl'))) {
    return `no PostgreSQL server binaries (initdb, pg_ctl): run ${installer} as root`;
  }
  const share = pgConfig('--sharedir');
  if (share !== undefined && !existsSync(join(share, 'extension', 'vector.control'))) {
    return `pgvector is not installed in ${share}: run ${installer} as root`;
  }
  return { bin };
}

function pgConfig(flag: string): string | undefined {
  try {
    return execFileSync('pg_config', [flag], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

function newestDebianBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const [newest] = readdirSync(root)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a));
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

/** Runs a server binary as `postgres` when this process is root, else as this user. */
function asPostgres(command: string, args: string[]) {
  return process.getuid?.() === 0
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
}

function run(command: string, args: string[]): void {
  const result = asPostgres(command, args);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
}

function postgresGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolvePort(port));
      });
  });
}
