// Run by `npm pack`/`npm publish` (prepack): the package's README and LICENSE are the repository's, copied
// in so the tarball carries them (one home each: the root files; the copies are ignored by git and removed
// by postpack).
import { copyFileSync } from 'node:fs';

for (const name of ['README.md', 'LICENSE']) {
  copyFileSync(new URL(`../../../${name}`, import.meta.url), new URL(`../${name}`, import.meta.url));
}
