// Run after `npm pack`/`npm publish` (postpack): removes the README and LICENSE copies prepack made.
import { rmSync } from 'node:fs';

for (const name of ['README.md', 'LICENSE']) rmSync(new URL(`../${name}`, import.meta.url), { force: true });
