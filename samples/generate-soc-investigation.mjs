// Writes samples/soc-investigation.json, the generated SOC investigation `kioku analyze` replays when given
// no path (the build copies it into the package). Run from the repository root:
// `node samples/generate-soc-investigation.mjs`. The output is deterministic (seeded); a test checks the
// committed file matches the generator.
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { socInvestigationSample } from './soc-generator/soc-investigation-sample.js';

const file = join(dirname(fileURLToPath(import.meta.url)), 'soc-investigation.json');
await writeFile(file, `${JSON.stringify(socInvestigationSample(), null, 2)}\n`);
console.log(`wrote ${file}`);
