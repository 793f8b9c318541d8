import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('the committed API report (packages/kioku/api)', () => {
  it('matches the built declarations of every entry point (regenerate with npm run api-report -w kioku)', () => {
    const { status, stderr } = spawnSync(process.execPath, ['scripts/api-report.mjs', '--check'], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('has one report per entry point and lists no name in two of them', () => {
    const reports = readdirSync(new URL('../../api/', import.meta.url)).sort();
    expect(reports).toEqual([
      'kioku.api.md',
      'replay.api.md',
      'store-drizzle.api.md',
      'store.api.md',
      'strategies.api.md',
      'test.api.md',
      'transcripts.api.md',
    ]);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const report of reports) {
      const text = readFileSync(new URL(`../../api/${report}`, import.meta.url), 'utf8');
      for (const [, name] of text.matchAll(/^\| `([^`]+)` \|/gm)) {
        if (name === undefined) continue;
        const other = seen.get(name);
        if (other !== undefined) twice.push(`${name} in ${other} and ${report}`);
        seen.set(name, report);
      }
    }
    expect(twice).toEqual([]);
  });
});
