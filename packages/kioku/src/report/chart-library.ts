import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The source of Chart.js' standalone browser build (`chart.js/dist/chart.umd.min.js`), read from the
 * installed package so the report can inline it and work offline.
 */
export async function chartLibrary(): Promise<string> {
  const entry = require.resolve('chart.js');
  return readFile(join(dirname(entry), 'chart.umd.min.js'), 'utf8');
}
