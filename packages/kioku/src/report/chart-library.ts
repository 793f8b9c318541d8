import { readFile } from 'node:fs/promises';

// dist/report, from src/report (tests) as from dist/report (the package): the build copies Chart.js'
// standalone browser build there (a dev dependency; the installed package carries only that file).
const library = new URL('../../dist/report/chart.umd.min.js', import.meta.url);

/**
 * The source of Chart.js' standalone browser build (`chart.js/dist/chart.umd.min.js`, MIT, its licence
 * header kept), shipped in kioku so the report can inline it and work offline.
 */
export async function chartLibrary(): Promise<string> {
  return readFile(library, 'utf8');
}
