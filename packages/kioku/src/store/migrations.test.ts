import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';

const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const repository = fileURLToPath(new URL('../../../../', import.meta.url));

describe('migrations', () => {
  it('embeds exactly the SQL drizzle-kit generated, in journal order', () => {
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(migrations.map((migration) => migration.tag)).toEqual(journal.entries.map((entry) => entry.tag));
    for (const migration of migrations) {
      expect(migration.sql, `${migration.tag}: run generate-migration.mjs`).toBe(
        readFileSync(join(folder, `${migration.tag}.sql`), 'utf8'),
      );
    }
  });

  it('holds every change of the Drizzle schema (drizzle-kit has nothing left to generate)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'kioku-migrations-'));
    try {
      cpSync(folder, copy, { recursive: true, filter: (source) => !source.endsWith('.ts') });
      const before = readdirSync(copy).sort();
      const run = spawnSync(
        process.execPath,
        [
          join(repository, 'node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--schema=packages/kioku/src/store/schema/index.ts',
          // drizzle-kit reads paths relative to the working directory only.
          `--out=${relative(repository, copy)}`,
        ],
        { cwd: repository, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/error/i);
      expect(readdirSync(copy).sort(), 'the schema changed: run generate-migration.mjs <name>').toEqual(
        before,
      );
      expect(run.stdout).toContain('No schema changes');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
