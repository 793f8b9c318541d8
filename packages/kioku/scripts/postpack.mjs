// Run after `npm pack`/`npm publish` (postpack): removes the LICENSE copy prepack made.
import { rmSync } from 'node:fs';

for (const name of ['LICENSE']) rmSync(new URL(`../${name}`, import.meta.url), { force: true });
