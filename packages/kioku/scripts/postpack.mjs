// Run after `npm pack`/`npm publish` (postpack): removes the README copy prepack made.
import { rmSync } from 'node:fs';

rmSync(new URL('../README.md', import.meta.url), { force: true });
