import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { consumerCompilerOptions } from '../test/consumer-compiler-options.js';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const tsc = fileURLToPath(new URL('../../../../node_modules/.bin/tsc', import.meta.url));
// Inside the package (ignored by git), so `kioku` resolves through the workspace's node_modules to the
// built declarations its `exports` name, as it does for a consumer.
const directory = mkdtempSync(join(packageRoot, '.tmp-consumer-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The errors `tsc` reports for a strict consumer with `skipLibCheck: false` importing `specifiers`. */
function consumerErrors(...specifiers: string[]): string[] {
  const name = specifiers.join('+').replace(/\W/g, '-');
  const imports = specifiers.map((specifier, index) => `import * as api${index} from '${specifier}';\n`);
  const names = specifiers.map((_, index) => `...Object.keys(api${index})`).join(', ');
  writeFileSync(join(directory, `${name}.ts`), `${imports.join('')}export const names = [${names}];\n`);
  writeFileSync(
    join(directory, `${name}.json`),
    JSON.stringify({
      compilerOptions: consumerCompilerOptions,
      files: [`${name}.ts`],
    }),
  );
  const { stdout } = spawnSync(tsc, ['-p', join(directory, `${name}.json`)], {
    cwd: directory,
    encoding: 'utf8',
  });
  return stdout.split('\n').filter((line) => line.includes('error TS'));
}

// A type check of the whole dependency graph takes tens of seconds on a loaded machine: no tight timeout.
describe('public types checked by a consumer with skipLibCheck: false (built dist)', () => {
  if (!existsSync(join(packageRoot, 'dist/index.d.ts'))) {
    throw new Error('packages/kioku/dist does not exist: run `npm run build` before this test');
  }
  // `ai`'s own declarations are the baseline: whatever they cost a consumer (here `@ai-sdk/provider`
  // names `json-schema` types that are not installed) is not kioku's.
  const baseline = consumerErrors('ai');

  it('kioku, kioku/strategies, kioku/transcripts, kioku/replay, kioku/store and kioku/test add no error to those of ai alone', () => {
    expect(
      consumerErrors(
        'kioku',
        'kioku/strategies',
        'kioku/transcripts',
        'kioku/replay',
        'kioku/store',
        'kioku/test',
      ),
    ).toEqual(baseline);
  }, 600_000);

  // Drizzle's declarations do not pass `skipLibCheck: false` (they import every SQL dialect, some of which
  // fail to check, and mysql2, which is not installed): only the opt-in entry names them.
  it("kioku/store/drizzle's own declarations are clean (what remains is inside drizzle-orm's)", () => {
    const extra = consumerErrors('kioku/store/drizzle').filter((line) => !baseline.includes(line));
    expect(extra.filter((line) => !line.startsWith('../../../node_modules/drizzle-orm/'))).toEqual([]);
  }, 600_000);
});
