import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar } from './extract-tar.js';
import { migrateStore } from './migrate-store.js';
import { migrations } from './migrations/index.js';
import { readStoreTemplate } from './read-store-template.js';
import * as schema from './schema/index.js';
import { writeStoreTemplate } from './write-store-template.js';

const root = mkdtempSync(join(tmpdir(), 'kioku-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the store template', () => {
  // A template made before the last migration existed: what an installed kioku meets after an upgrade
  // that adds a migration, or a build whose template is older than the source.
  const directory = join(root, 'older');
  const older = migrations.slice(0, -1);

  it('is written once per PGlite and migrations, and fits later migrations', async () => {
    expect(older.length).toBeGreaterThan(0);
    expect(await writeStoreTemplate({ directory, migrations: older })).toBe(true);
    expect(await writeStoreTemplate({ directory, migrations: older })).toBe(false);
    expect(readStoreTemplate({ directory, migrations: older })).toBeInstanceOf(Buffer);
    expect(readStoreTemplate({ directory, migrations })).toBeInstanceOf(Buffer);
  });

  it('starts a store on which the migration runner applies the migrations added since', async () => {
    const template = readStoreTemplate({ directory, migrations });
    if (template === undefined) throw new Error('no template');
    const dataDir = join(root, 'store', 'pglite');
    extractTar(template, dataDir);
    const client = await PGlite.create(dataDir, { extensions: { vector } });
    try {
      const db = drizzle({ client, schema });
      expect(await migrateStore(db, { migrations, location: dataDir })).toEqual(
        migrations.slice(older.length).map((migration) => migration.tag),
      );
      const tags = await client.query<{ tag: string }>(
        'select tag from kioku_schema_migrations order by tag',
      );
      expect(tags.rows.map((row) => row.tag)).toEqual(migrations.map((migration) => migration.tag));
      expect(await migrateStore(db, { migrations, location: dataDir })).toEqual([]);
      await db.execute(sql`insert into kioku_memories (namespace, claim, claim_key, request, embedding, score)
        values ('t', 'a claim', 'a claim', 'a request', '[1,0,0]', 0)`);
      expect((await client.query('select count(*)::int as n from kioku_memories')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('is not used when it does not fit: an edited migration, another PGlite, unknown migrations', () => {
    const [first, ...rest] = older;
    if (first === undefined) throw new Error('no migrations');
    const edited = [{ ...first, sql: `${first.sql}\n-- edited` }, ...rest];
    expect(readStoreTemplate({ directory, migrations: edited })).toBeUndefined();
    expect(readStoreTemplate({ directory, migrations: older.slice(0, -1) })).toBeUndefined();
    const manifestFile = join(directory, 'pglite.json');
    const manifest = readFileSync(manifestFile, 'utf8');
    try {
      writeFileSync(manifestFile, manifest.replace(/"pglite": "[^"]*"/, '"pglite": "0.0.1"'));
      expect(readStoreTemplate({ directory, migrations })).toBeUndefined();
    } finally {
      writeFileSync(manifestFile, manifest);
    }
    expect(readStoreTemplate({ directory: join(root, 'none'), migrations })).toBeUndefined();
  });
});
