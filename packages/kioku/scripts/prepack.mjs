// Run by `npm pack`/`npm publish` (prepack): the package's README is the repository's, copied in so the
// tarball carries it (one home: the root README.md; the copy is ignored by git and removed by postpack).
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../../../README.md', import.meta.url), new URL('../README.md', import.meta.url));
