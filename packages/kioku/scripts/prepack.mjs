// Run by `npm pack`/`npm publish` (prepack): the package's LICENSE is the repository's, copied in so the
// tarball carries it (one home: the root file; the copy is ignored by git and removed by postpack). The
// package has its own README, written for npm users (packages/kioku/README.md).
import { copyFileSync } from 'node:fs';

for (const name of ['LICENSE']) {
  copyFileSync(new URL(`../../../${name}`, import.meta.url), new URL(`../${name}`, import.meta.url));
}
