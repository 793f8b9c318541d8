import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../test/run-cli-async.js';

/**
 * The report `kioku analyze --breakpoints both --json` gives on the shipped runs (samples/), field for
 * field, but each strategy's time per call (`overheadMsP95`: measured, never the same twice). A change that
 * makes analyze faster must leave it as it is; one meant to change what analyze measures writes it again
 * with `KIOKU_WRITE_ANALYZE_REPORT=1` and says so in its commit.
 */
const fixture = new URL('./__fixtures__/analyze-samples-report.json', import.meta.url);
const samples = ['soc-investigation.json', 'pydicom__pydicom-901.traj.json', 'openhands'].map(
  (sample) => `samples/${sample}`,
);

const untimed = (report: unknown): unknown =>
  JSON.parse(JSON.stringify(report, (key, value) => (key === 'overheadMsP95' ? undefined : value)));

describe('kioku analyze on the samples', () => {
  it('reports what it reported before, field for field (time per call aside)', async () => {
    const { status, stdout, stderr } = await runCliAsync([
      'analyze',
      ...samples,
      '--breakpoints',
      'both',
      '--json',
    ]);
    expect(status, stderr).toBe(0);
    const report = untimed(JSON.parse(stdout));
    if (process.env.KIOKU_WRITE_ANALYZE_REPORT === '1') {
      writeFileSync(fixture, `${JSON.stringify(report, null, 2)}\n`);
    }
    expect(report).toEqual(JSON.parse(readFileSync(fixture, 'utf8')));
  }, 120_000);
});
